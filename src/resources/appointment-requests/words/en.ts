import type { Messages } from '../../../i18n/messages';

/** The appointment-requests module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    'appointment-requests': {
      name: 'Appointment Request |||| Appointment Requests',
      fields: { id: 'ID', patient_id: 'Patient', detail: 'Description', is_emergency: 'Emergency', dated_at: 'Dated' },
      page: { list: 'Appointment Requests' },
      emergency: 'Emergency',
      routine: 'No',
      book: 'Book',
      booked: 'Booked: open',
    },
  },
} satisfies Messages;

export default words;
