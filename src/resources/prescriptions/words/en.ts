import type { Messages } from '../../../i18n/messages';

/** The prescriptions module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    prescriptions: {
      name: 'Prescription |||| Prescriptions',
      fields: {
        patient_id: 'Patient',
        doctor_id: 'Doctor',
        disease_name: 'Disease',
        from_date: 'From Date',
        to_date: 'To Date',
        period: 'Period',
        detail: 'Detail',
        items: 'Medicines',
        c_date: 'Current Date',
        m_name: 'Medicine Name',
        days: 'Days',
        m_time: 'Medicine Time',
        to_be_taken: 'To Be Taken',
        still_using: 'Still using it',
        note: 'Note',
      },
      action: { create: 'Add Prescription' },
      page: { list: 'Prescriptions', create: 'Add Prescription', edit: 'Edit Prescription', show: 'Prescription Detail' },
      days: '1 day |||| %{smart_count} days',
      validation: { items_required: 'Please add at least one medicine.' },
    },
  },
  app: {
    validation: {
      doctor_required: 'Please select a doctor.',
    },
  },
} satisfies Messages;

export default words;
