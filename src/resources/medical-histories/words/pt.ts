import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The medical-histories module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    'medical-histories': {
      name: 'Histórico médico |||| Históricos médicos',
      fields: {
        patient_id: 'Paciente',
        disease_name: 'Doença',
        from_date: 'De',
        to_date: 'Até',
        period: 'Período',
        detail: 'Detalhe',
        reports: 'Laudos',
        c_date: 'Data atual',
        m_name: 'Medicamento',
        days: 'Dias',
        m_times: 'Horário',
        to_be_taken: 'Tomar',
        still_using: 'Ainda em uso',
        note: 'Observação',
      },
      action: {
        create: 'Adicionar histórico médico',
      },
      page: {
        list: 'Históricos médicos',
        create: 'Adicionar histórico médico',
        edit: 'Editar histórico médico',
        show: 'Histórico médico',
      },
      of: 'Histórico médico de %{disease}',
      medication: 'Medicação',
      report: 'Laudo %{n}',
      validation: {
        reports_format: 'Formato de arquivo não suportado. JPG/JPEG/PNG/MP3',
      },
    },
  },
} satisfies Translation<typeof en>;
