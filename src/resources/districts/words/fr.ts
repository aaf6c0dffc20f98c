import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The districts module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    districts: {
      name: 'District |||| Districts',
      fields: { title: 'Nom' },
      action: { create: 'Ajouter un district' },
      page: { list: 'Districts', create: 'Ajouter un district', edit: 'Modifier le district' },
    },
  },
} satisfies Translation<typeof en>;
