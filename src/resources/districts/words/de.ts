import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The districts module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    districts: {
      name: 'Distrikt |||| Distrikte',
      fields: { title: 'Name' },
      action: { create: 'Distrikt hinzufügen' },
      page: { list: 'Distrikte', create: 'Distrikt hinzufügen', edit: 'Distrikt bearbeiten' },
    },
  },
} satisfies Translation<typeof en>;
