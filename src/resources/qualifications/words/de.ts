import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The qualifications module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    qualifications: {
      name: 'Qualifikation |||| Qualifikationen',
      fields: { title: 'Name' },
      action: { create: 'Qualifikationen hinzufügen' },
      page: { list: 'Qualifikationen', create: 'Qualifikation hinzufügen', edit: 'Qualifikation bearbeiten' },
    },
  },
} satisfies Translation<typeof en>;
