import type { Messages } from '../../../i18n/messages';

/** The cancellation-reasons module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    'cancellation-reasons': {
      name: 'Cancellation Reason |||| Cancellation Reasons',
      fields: { name: 'Reason' },
      action: { create: 'Add Reason' },
      page: { list: 'Cancellation Reasons', create: 'Add Reason', edit: 'Edit Reason' },
      validation: { name_required: 'Please provide a reason.' },
    },
  },
} satisfies Messages;

export default words;
