import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The interests module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    interests: {
      name: 'Interesse |||| Interessen',
      fields: { title: 'Titel' },
      action: { create: 'Interesse hinzufügen' },
      page: { list: 'Interessen', create: 'Interesse hinzufügen', edit: 'Interesse bearbeiten' },
      validation: { title_required: 'Bitte geben Sie ein Interesse ein.' },
    },
  },
} satisfies Translation<typeof en>;
