import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cities module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    cities: {
      name: 'Ville |||| Villes',
      menu: 'Ville',
      fields: { title: 'Intitulé' },
      action: { create: 'Ajouter une ville' },
      page: { list: 'Ville', create: 'Ajouter une ville', edit: 'Modifier la ville' },
    },
  },
} satisfies Translation<typeof en>;
