import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointment-requests module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    'appointment-requests': {
      name: 'Solicitud de cita |||| Solicitudes de cita',
      fields: {
        id: 'ID',
        patient_id: 'Paciente',
        detail: 'Descripción',
        is_emergency: 'Urgencia',
        dated_at: 'Fecha',
      },
      page: {
        list: 'Solicitudes de cita',
      },
      emergency: 'Urgencia',
      routine: 'No',
      book: 'Reservar',
      booked: 'Reservada: abrir',
    },
  },
} satisfies Translation<typeof en>;
