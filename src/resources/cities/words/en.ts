import type { Messages } from '../../../i18n/messages';

/** The cities module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    cities: {
      name: 'City |||| Cities',
      menu: 'City',
      fields: { title: 'Title' },
      action: { create: 'Add City' },
      page: { list: 'City', create: 'Add City', edit: 'Edit City' },
    },
  },
} satisfies Messages;

export default words;
