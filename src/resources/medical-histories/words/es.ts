import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The medical-histories module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    'medical-histories': {
      name: 'Historial médico |||| Historiales médicos',
      fields: {
        patient_id: 'Paciente',
        disease_name: 'Enfermedad',
        from_date: 'Desde',
        to_date: 'Hasta',
        period: 'Periodo',
        detail: 'Detalle',
        reports: 'Informes',
        c_date: 'Fecha actual',
        m_name: 'Medicamento',
        days: 'Días',
        m_times: 'Hora de toma',
        to_be_taken: 'A tomar',
        still_using: 'Aún lo usa',
        note: 'Nota',
      },
      action: {
        create: 'Añadir historial médico',
      },
      page: {
        list: 'Historiales médicos',
        create: 'Añadir historial médico',
        edit: 'Editar historial médico',
        show: 'Historial médico',
      },
      of: 'Historial médico de %{disease}',
      medication: 'Medicación',
      report: 'Informe %{n}',
      validation: {
        reports_format: 'Formato de archivo no admitido. JPG/JPEG/PNG/MP3',
      },
    },
  },
} satisfies Translation<typeof en>;
