import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The interests module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    interests: {
      name: 'Centre d’intérêt |||| Centres d’intérêt',
      fields: { title: 'Titre' },
      action: { create: 'Ajouter un centre d’intérêt' },
      page: { list: 'Centres d’intérêt', create: 'Ajouter un centre d’intérêt', edit: 'Modifier le centre d’intérêt' },
      validation: { title_required: 'Veuillez saisir un centre d’intérêt.' },
    },
  },
} satisfies Translation<typeof en>;
