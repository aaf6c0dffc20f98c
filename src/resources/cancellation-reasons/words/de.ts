import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cancellation-reasons module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    'cancellation-reasons': {
      name: 'Absagegrund |||| Absagegründe',
      fields: {
        name: 'Grund',
      },
      action: {
        create: 'Grund hinzufügen',
      },
      page: {
        list: 'Absagegründe',
        create: 'Grund hinzufügen',
        edit: 'Grund bearbeiten',
      },
      validation: {
        name_required: 'Bitte geben Sie einen Grund an.',
      },
    },
  },
} satisfies Translation<typeof en>;
