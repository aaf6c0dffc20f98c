import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The prescriptions module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    prescriptions: {
      name: 'Receta |||| Recetas',
      fields: {
        patient_id: 'Paciente',
        doctor_id: 'Médico',
        disease_name: 'Enfermedad',
        from_date: 'Desde',
        to_date: 'Hasta',
        period: 'Periodo',
        detail: 'Detalle',
        items: 'Medicamentos',
        c_date: 'Fecha actual',
        m_name: 'Medicamento',
        days: 'Días',
        m_time: 'Hora de toma',
        to_be_taken: 'A tomar',
        still_using: 'Aún lo toma',
        note: 'Nota',
      },
      action: {
        create: 'Añadir receta',
      },
      page: {
        list: 'Recetas',
        create: 'Añadir receta',
        edit: 'Editar receta',
        show: 'Detalle de la receta',
      },
      days: '1 día |||| %{smart_count} días',
      validation: {
        items_required: 'Añada al menos un medicamento.',
      },
    },
  },
  app: {
    validation: {
      doctor_required: 'Seleccione un médico.',
    },
  },
} satisfies Translation<typeof en>;
