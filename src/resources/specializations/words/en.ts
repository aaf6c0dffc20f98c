import type { Messages } from '../../../i18n/messages';

/** The specializations module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    specializations: {
      name: 'Specialization |||| Specializations',
      fields: { title: 'Name' },
      action: { create: 'Add Specializations' },
      page: { list: 'Specializations', create: 'Add Specialization', edit: 'Edit Specialization' },
    },
  },
} satisfies Messages;

export default words;
