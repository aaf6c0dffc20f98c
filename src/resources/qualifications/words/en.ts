import type { Messages } from '../../../i18n/messages';

/** The qualifications module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    qualifications: {
      name: 'Qualification |||| Qualifications',
      fields: { title: 'Name' },
      action: { create: 'Add Qualifications' },
      page: { list: 'Qualifications', create: 'Add Qualification', edit: 'Edit Qualification' },
    },
  },
} satisfies Messages;

export default words;
