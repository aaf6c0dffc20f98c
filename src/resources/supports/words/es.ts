import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The supports module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    supports: {
      name: 'Solicitud de soporte |||| Solicitudes de soporte',
      fields: {
        id: 'ID',
        user: 'Nombre de usuario',
        msg: 'Mensaje',
        status: 'Estado',
        reply: 'Respuesta',
        created_at: 'Fecha de creación',
      },
      page: {
        list: 'Soporte',
        edit: 'Responder solicitud de soporte',
        show: 'Solicitud de soporte',
      },
      statuses: {
        Open: 'Abierta',
        Resolved: 'Resuelta',
      },
      kinds: {
        patient: 'Paciente',
        chw: 'Agente de salud comunitario',
        doctor: 'Médico',
        family: 'Familiar',
      },
      no_reply: 'Aún sin respuesta.',
      reply_help: 'El usuario ve esta respuesta en la aplicación.',
      validation: {
        status_required: 'Seleccione un estado.',
      },
    },
  },
} satisfies Translation<typeof en>;
