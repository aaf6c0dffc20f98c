import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The prescriptions module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    prescriptions: {
      name: 'Receita |||| Receitas',
      fields: {
        patient_id: 'Paciente',
        doctor_id: 'Médico',
        disease_name: 'Doença',
        from_date: 'De',
        to_date: 'Até',
        period: 'Período',
        detail: 'Detalhe',
        items: 'Medicamentos',
        c_date: 'Data atual',
        m_name: 'Medicamento',
        days: 'Dias',
        m_time: 'Horário',
        to_be_taken: 'Tomar',
        still_using: 'Ainda em uso',
        note: 'Observação',
      },
      action: {
        create: 'Adicionar receita',
      },
      page: {
        list: 'Receitas',
        create: 'Adicionar receita',
        edit: 'Editar receita',
        show: 'Detalhe da receita',
      },
      days: '1 dia |||| %{smart_count} dias',
      validation: {
        items_required: 'Adicione pelo menos um medicamento.',
      },
    },
  },
  app: {
    validation: {
      doctor_required: 'Selecione um médico.',
    },
  },
} satisfies Translation<typeof en>;
