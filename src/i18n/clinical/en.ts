import type { Messages } from '../messages';

/** Words the doctors', appointments' and clinical records' screens share (a module's own words are in src/resources/<name>/words/), in English: merged into en.ts. */
const clinical = {
  app: {
    validation: {
      disease_required: 'Please provide a disease.',
      from_date_required: 'Please provide a from date.',
      to_date_required: 'Please provide a to date.',
      detail_required: 'Please provide detail.',
      current_date_required: 'Please provide a current date.',
      medicine_required: 'Please provide an medicine name.',
      days_required: 'Please provide a days.',
      note_required: 'Please provide note.',
    },
    medicine_time: { Morning: 'Morning', Noon: 'Noon', Evening: 'Evening', Night: 'Night' },
    to_be_taken: { 'After Food': 'After Food', 'Before Food': 'Before Food' },
    yes: 'Yes',
    patient_picker: { label: 'Patient', none: 'No patient found.', type: 'Type two letters of a name or digits of a phone.', hint: 'Search by name or phone.', required: 'Please choose the patient.' },
    no: 'No',
  },
} satisfies Messages;

export default clinical;
