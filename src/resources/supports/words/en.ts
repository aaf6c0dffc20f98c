import type { Messages } from '../../../i18n/messages';

/** The supports module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    supports: {
      name: 'Support Request |||| Support Requests',
      fields: {
        id: 'ID',
        user: 'User Name',
        msg: 'Message',
        status: 'Status',
        reply: 'Reply',
        created_at: 'Created Date',
      },
      page: {
        list: 'Support',
        edit: 'Answer Support Request',
        show: 'Support Request',
      },
      statuses: {
        Open: 'Open',
        Resolved: 'Resolved',
      },
      kinds: {
        patient: 'Patient',
        chw: 'CHW',
        doctor: 'Doctor',
        family: 'Family member',
      },
      no_reply: 'Not answered yet.',
      reply_help: 'The user sees this reply in the app.',
      validation: {
        status_required: 'Please select a status.',
      },
    },
  },
} satisfies Messages;

export default words;
