import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The tehsils module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    tehsils: {
      name: 'Tehsil |||| Tehsils',
      fields: {
        title: 'Nom',
        district_id: 'Sélectionnez un district...',
        district: { title: 'District' },
      },
      action: { create: 'Ajouter un tehsil' },
      page: { list: 'Tehsils', create: 'Ajouter un tehsil', edit: 'Modifier le tehsil' },
    },
  },
} satisfies Translation<typeof en>;
