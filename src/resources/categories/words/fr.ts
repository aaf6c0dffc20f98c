import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The categories module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    categories: {
      name: 'Catégorie |||| Catégories',
      fields: { title: 'Nom', file: 'Fichier', kind: 'Genre' },
      action: { create: 'Ajouter une catégorie' },
      page: { list: 'Catégories', create: 'Ajouter une catégorie', edit: 'Modifier la catégorie' },
      kinds: { image: 'Image', audio: 'Son' },
      validation: { file_format: 'Format de fichier non pris en charge. JPG/JPEG/PNG/MP3', file_required: 'Veuillez choisir un fichier.' },
    },
  },
} satisfies Translation<typeof en>;
