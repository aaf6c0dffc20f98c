import type { Messages } from '../messages';

/** Words the doctors', appointments' and clinical records' screens share (a module's own words are in src/resources/<name>/words/), Deutsch: merged into de.ts. */
const clinical = {
  app: {
    validation: {
      disease_required: 'Bitte geben Sie eine Krankheit an.',
      from_date_required: 'Bitte geben Sie ein Anfangsdatum an.',
      to_date_required: 'Bitte geben Sie ein Enddatum an.',
      detail_required: 'Bitte geben Sie Einzelheiten an.',
      current_date_required: 'Bitte geben Sie das aktuelle Datum an.',
      medicine_required: 'Bitte geben Sie einen Medikamentennamen an.',
      days_required: 'Bitte geben Sie die Anzahl der Tage an.',
      note_required: 'Bitte geben Sie eine Notiz an.',
    },
    medicine_time: {
      Morning: 'Morgens',
      Noon: 'Mittags',
      Evening: 'Abends',
      Night: 'Nachts',
    },
    to_be_taken: {
      'After Food': 'Nach dem Essen',
      'Before Food': 'Vor dem Essen',
    },
    yes: 'Ja',
    patient_picker: { label: 'Patient', none: 'Kein Patient gefunden.', type: 'Geben Sie zwei Buchstaben eines Namens oder Ziffern einer Telefonnummer ein.', hint: 'Nach Name oder Telefon suchen.', required: 'Bitte wählen Sie den Patienten.' },
    no: 'Nein',
  },
} satisfies Messages;

export default clinical;
