import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The specializations module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    specializations: {
      name: 'Fachrichtung |||| Fachrichtungen',
      fields: { title: 'Name' },
      action: { create: 'Fachrichtungen hinzufügen' },
      page: { list: 'Fachrichtungen', create: 'Fachrichtung hinzufügen', edit: 'Fachrichtung bearbeiten' },
    },
  },
} satisfies Translation<typeof en>;
