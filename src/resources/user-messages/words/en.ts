import type { Messages } from '../../../i18n/messages';

/** The user-messages module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    'user-messages': {
      name: 'User Message |||| User Messages',
      fields: {
        type: 'Type',
        title: 'Title',
        survey_id: 'Survey Form',
        knowledge_id: 'Knowledge',
        text: 'Text',
        interest_ids: 'Interests',
        from_age: 'From Age',
        to_age: 'To Age',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        total_users: 'Total Users',
        status: 'Status',
        created_at: 'Sent Date',
        full_name: 'Name',
        is_view: 'View',
        recipient_status: 'Status',
        submitted_date: 'Submitted Date',
      },
      types: { Survey: 'Survey', Booking: 'Booking', Knowledge: 'Knowledge', General: 'General' },
      recipient_statuses: { Pending: 'Pending', Submitted: 'Submitted' },
      viewed: { yes: 'Seen', no: 'Not seen' },
      action: { create: 'Add User Message' },
      page: { list: 'User Messages', create: 'Add User Message', edit: 'Edit User Message', show: 'User Message' },
      recipients: 'Recipients',
      recipients_count: '%{smart_count} recipient |||| %{smart_count} recipients',
      no_recipients: 'No patient matches this message yet.',
      ages: 'Ages %{from} to %{to}',
      all_ages: 'All ages',
      age_hint: 'Leave both ages empty to reach every age.',
      validation: {
        type_required: 'Please select type',
        survey_required: 'Please select a form',
        knowledge_required: 'Please select a knowledge',
        text_required: 'Please provide a text',
        interest_required: 'Please select a Interest',
        title_required: 'Please provide a title',
        from_age_required: 'Please select from age',
        to_age_required: 'Please select to age',
        age_order: 'The to age must not be below the from age.',
      },
    },
  },
} satisfies Messages;

export default words;
