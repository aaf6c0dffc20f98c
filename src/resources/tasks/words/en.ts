import type { Messages } from '../../../i18n/messages';

/** The tasks module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    tasks: {
      name: 'Task |||| Tasks',
      fields: {
        title: 'Title',
        session: 'Session',
        type: 'Type',
        survey_id: 'Survey Form',
        campaign_id: 'Campaign',
        knowledge_id: 'Knowledge',
        note: 'Note',
        person_ids: 'CHWs',
        s_date: 'Start Date',
        e_date: 'End Date',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        desc: 'Description',
        file: 'File',
        status: 'Status',
        completed: 'Completed',
        chw_name: 'Name',
        date: 'Date',
        detail: 'Detail',
        chw_status: 'Status',
      },
      types: {
        Survey: 'Survey',
        Campaign: 'Campaign',
        Booking: 'Booking',
        Knowledge: 'Knowledge',
        UserRegistration: 'User Registration',
        General: 'General',
      },
      statuses: { Pending: 'Pending', 'In Progress': 'In Progress', Completed: 'Completed' },
      action: { create: 'Add Task' },
      page: { list: 'Tasks', create: 'Add Task', edit: 'Edit Task', show: 'Task' },
      progress: '%{done} of %{total} completed',
      statuses_title: 'CHW statuses',
      no_chws: 'No CHW on this task.',
      choose_tehsil_first: 'Choose a district and a tehsil to see their CHWs.',
      no_chws_in_tehsil: 'This tehsil has no active CHW.',
      no_knowledge: 'No active knowledge item to choose yet.',
      validation: {
        title_required: 'Please provide a title.',
        type_required: 'Please select a type.',
        chw_required: 'Please fill the CHW required field!',
        survey_required: 'Please select a survey form.',
        campaign_required: 'Please select a campaign.',
        knowledge_required: 'Please select a knowledge item.',
        note_required: 'Please provide a note.',
        start_required: 'Please select a start date.',
        end_required: 'Please select an end date.',
        file_format: 'File format not supported. JPG/JPEG/PNG/PDF/MP3',
        file_required: 'Please select a file.',
      },
    },
  },
} satisfies Messages;

export default words;
