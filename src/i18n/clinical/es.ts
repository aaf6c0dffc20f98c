import type { Messages } from '../messages';

/** Words the doctors', appointments' and clinical records' screens share (a module's own words are in src/resources/<name>/words/), Español: merged into es.ts. */
const clinical = {
  app: {
    validation: {
      disease_required: 'Indique una enfermedad.',
      from_date_required: 'Indique una fecha de inicio.',
      to_date_required: 'Indique una fecha de fin.',
      detail_required: 'Indique el detalle.',
      current_date_required: 'Indique la fecha actual.',
      medicine_required: 'Indique el nombre del medicamento.',
      days_required: 'Indique los días.',
      note_required: 'Indique una nota.',
    },
    medicine_time: {
      Morning: 'Mañana',
      Noon: 'Mediodía',
      Evening: 'Tarde',
      Night: 'Noche',
    },
    to_be_taken: {
      'After Food': 'Después de comer',
      'Before Food': 'Antes de comer',
    },
    yes: 'Sí',
    patient_picker: { label: 'Paciente', none: 'No se encontró ningún paciente.', type: 'Escriba dos letras de un nombre o cifras de un teléfono.', hint: 'Busque por nombre o teléfono.', required: 'Elija el paciente.' },
    no: 'No',
  },
} satisfies Messages;

export default clinical;
