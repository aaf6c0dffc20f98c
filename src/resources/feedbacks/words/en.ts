import type { Messages } from '../../../i18n/messages';

/** The feedbacks module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    feedbacks: {
      name: 'Feedback |||| Feedback',
      fields: {
        user: 'User Name',
        doctor: 'Doctor Name',
        msg: 'Message',
        rating: 'Rating',
        dated_at: 'Dated',
        status: 'Status',
        note: 'Staff Note',
        created_at: 'Created Date',
      },
      page: {
        list: 'Feedback',
        edit: 'Review Feedback',
        show: 'Feedback',
      },
      stars: 'Rating: %{smart_count} out of 5',
      statuses: {
        New: 'New',
        Reviewed: 'Reviewed',
      },
      note_help: 'What staff did about it; the patient does not see this.',
      validation: {
        status_required: 'Please select a status.',
      },
    },
  },
} satisfies Messages;

export default words;
