import type { Messages } from '../../../i18n/messages';

/** The medical-histories module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    'medical-histories': {
      name: 'Medical History |||| Medical Histories',
      fields: {
        patient_id: 'Patient',
        disease_name: 'Disease',
        from_date: 'From Date',
        to_date: 'To Date',
        period: 'Period',
        detail: 'Detail',
        reports: 'Reports',
        c_date: 'Current Date',
        m_name: 'Medicine Name',
        days: 'Days',
        m_times: 'Medicine Time',
        to_be_taken: 'To Be Taken',
        still_using: 'Still Using',
        note: 'Note',
      },
      action: { create: 'Add Medical History' },
      page: { list: 'Medical Histories', create: 'Add Medical History', edit: 'Edit Medical History', show: 'Medical History' },
      of: 'Medical History of %{disease}',
      medication: 'Medication',
      report: 'Report %{n}',
      validation: { reports_format: 'File format not supported. JPG/JPEG/PNG/MP3' },
    },
  },
} satisfies Messages;

export default words;
