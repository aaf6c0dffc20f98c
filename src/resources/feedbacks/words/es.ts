import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The feedbacks module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    feedbacks: {
      name: 'Opinión |||| Opiniones',
      fields: {
        user: 'Nombre de usuario',
        doctor: 'Nombre del médico',
        msg: 'Mensaje',
        rating: 'Valoración',
        dated_at: 'Fecha',
        status: 'Estado',
        note: 'Nota del personal',
        created_at: 'Fecha de creación',
      },
      page: {
        list: 'Opiniones',
        edit: 'Revisar opinión',
        show: 'Opinión',
      },
      stars: 'Valoración: %{smart_count} de 5',
      statuses: {
        New: 'Nueva',
        Reviewed: 'Revisada',
      },
      note_help: 'Lo que hizo el personal al respecto; el paciente no lo ve.',
      validation: {
        status_required: 'Seleccione un estado.',
      },
    },
  },
} satisfies Translation<typeof en>;
