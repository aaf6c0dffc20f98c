import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cities module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    cities: {
      name: 'Stadt |||| Städte',
      menu: 'Stadt',
      fields: { title: 'Bezeichnung' },
      action: { create: 'Stadt hinzufügen' },
      page: { list: 'Stadt', create: 'Stadt hinzufügen', edit: 'Stadt bearbeiten' },
    },
  },
} satisfies Translation<typeof en>;
