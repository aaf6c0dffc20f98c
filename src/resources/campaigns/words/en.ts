import type { Messages } from '../../../i18n/messages';

/** The campaigns module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    campaigns: {
      name: 'Campaign |||| Campaigns',
      fields: {
        title: 'Title',
        session: 'Session',
        start_date: 'Start Date',
        end_date: 'End Date',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        file: 'Image or PDF',
        status: 'Status',
        created_at: 'Created Date',
      },
      action: { create: 'Add Campaign' },
      page: { list: 'Campaigns', create: 'Add Campaign', edit: 'Edit Campaign', show: 'Campaign' },
      tasks: 'Tasks of this campaign',
      no_tasks: 'No task points at this campaign yet.',
      place: 'Place',
      validation: {
        title_required: 'Please provide a title.',
        start_required: 'Please select a start date.',
        end_required: 'Please select an end date.',
        file_format: 'File format not supported. JPG/JPEG/PNG/PDF',
        file_required: 'Please select a file.',
      },
    },
  },
} satisfies Messages;

export default words;
