import type { Messages } from '../../../i18n/messages';

/** The interests module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    interests: {
      name: 'Interest |||| Interests',
      fields: { title: 'Title' },
      action: { create: 'Add Interest' },
      page: { list: 'Interests', create: 'Add Interest', edit: 'Edit Interest' },
      validation: { title_required: 'Please enter interest' },
    },
  },
} satisfies Messages;

export default words;
