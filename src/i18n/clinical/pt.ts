import type { Messages } from '../messages';

/** Words the doctors', appointments' and clinical records' screens share (a module's own words are in src/resources/<name>/words/), Português (BR): merged into pt.ts. */
const clinical = {
  app: {
    validation: {
      disease_required: 'Informe uma doença.',
      from_date_required: 'Informe uma data inicial.',
      to_date_required: 'Informe uma data final.',
      detail_required: 'Informe o detalhe.',
      current_date_required: 'Informe a data atual.',
      medicine_required: 'Informe o nome do medicamento.',
      days_required: 'Informe os dias.',
      note_required: 'Informe uma observação.',
    },
    medicine_time: {
      Morning: 'Manhã',
      Noon: 'Meio-dia',
      Evening: 'Tarde',
      Night: 'Noite',
    },
    to_be_taken: {
      'After Food': 'Após a refeição',
      'Before Food': 'Antes da refeição',
    },
    yes: 'Sim',
    patient_picker: { label: 'Paciente', none: 'Nenhum paciente encontrado.', type: 'Digite duas letras de um nome ou dígitos de um telefone.', hint: 'Pesquise por nome ou telefone.', required: 'Escolha o paciente.' },
    no: 'Não',
  },
} satisfies Messages;

export default clinical;
