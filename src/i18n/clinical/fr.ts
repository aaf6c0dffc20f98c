import type { Messages } from '../messages';

/** Words the doctors', appointments' and clinical records' screens share (a module's own words are in src/resources/<name>/words/), Français: merged into fr.ts. */
const clinical = {
  app: {
    validation: {
      disease_required: 'Veuillez indiquer une maladie.',
      from_date_required: 'Veuillez indiquer une date de début.',
      to_date_required: 'Veuillez indiquer une date de fin.',
      detail_required: 'Veuillez indiquer le détail.',
      current_date_required: 'Veuillez indiquer la date du jour.',
      medicine_required: 'Veuillez indiquer le nom du médicament.',
      days_required: 'Veuillez indiquer le nombre de jours.',
      note_required: 'Veuillez indiquer une note.',
    },
    medicine_time: {
      Morning: 'Matin',
      Noon: 'Midi',
      Evening: 'Soir',
      Night: 'Nuit',
    },
    to_be_taken: {
      'After Food': 'Après le repas',
      'Before Food': 'Avant le repas',
    },
    yes: 'Oui',
    patient_picker: { label: 'Patient', none: 'Aucun patient trouvé.', type: 'Tapez deux lettres d’un nom ou des chiffres d’un téléphone.', hint: 'Cherchez par nom ou téléphone.', required: 'Veuillez choisir le patient.' },
    no: 'Non',
  },
} satisfies Messages;

export default clinical;
