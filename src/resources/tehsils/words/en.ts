import type { Messages } from '../../../i18n/messages';

/** The tehsils module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    tehsils: {
      name: 'Tehsil |||| Tehsils',
      fields: {
        title: 'Name',
        district_id: 'Select District...',
        district: { title: 'District' },
      },
      action: { create: 'Add Tehsil' },
      page: { list: 'Tehsils', create: 'Add Tehsil', edit: 'Edit Tehsil' },
    },
  },
} satisfies Messages;

export default words;
