import type { Messages } from '../../../i18n/messages';

/** The districts module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    districts: {
      name: 'District |||| Districts',
      fields: { title: 'Name' },
      action: { create: 'Add District' },
      page: { list: 'Districts', create: 'Add District', edit: 'Edit District' },
    },
  },
} satisfies Messages;

export default words;
