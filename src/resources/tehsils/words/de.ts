import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The tehsils module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    tehsils: {
      name: 'Tehsil |||| Tehsils',
      fields: {
        title: 'Name',
        district_id: 'Distrikt auswählen …',
        district: { title: 'Distrikt' },
      },
      action: { create: 'Tehsil hinzufügen' },
      page: { list: 'Tehsils', create: 'Tehsil hinzufügen', edit: 'Tehsil bearbeiten' },
    },
  },
} satisfies Translation<typeof en>;
