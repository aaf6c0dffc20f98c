import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The user-messages module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    'user-messages': {
      name: 'Mensaje a usuarios |||| Mensajes a usuarios',
      fields: {
        type: 'Tipo',
        title: 'Título',
        survey_id: 'Formulario de encuesta',
        knowledge_id: 'Conocimiento',
        text: 'Texto',
        interest_ids: 'Intereses',
        from_age: 'Edad mínima',
        to_age: 'Edad máxima',
        district_id: 'Distrito',
        tehsil_id: 'Tehsil',
        total_users: 'Total de usuarios',
        status: 'Estado',
        created_at: 'Fecha de envío',
        full_name: 'Nombre',
        is_view: 'Visto',
        recipient_status: 'Estado',
        submitted_date: 'Fecha de respuesta',
      },
      types: { Survey: 'Encuesta', Booking: 'Reserva', Knowledge: 'Conocimiento', General: 'General' },
      recipient_statuses: { Pending: 'Pendiente', Submitted: 'Respondido' },
      viewed: { yes: 'Visto', no: 'No visto' },
      action: { create: 'Añadir mensaje a usuarios' },
      page: {
        list: 'Mensajes a usuarios',
        create: 'Añadir mensaje a usuarios',
        edit: 'Editar mensaje a usuarios',
        show: 'Mensaje a usuarios',
      },
      recipients: 'Receptores',
      recipients_count: '%{smart_count} receptor |||| %{smart_count} receptores',
      no_recipients: 'Todavía ningún paciente coincide con este mensaje.',
      ages: 'Edades de %{from} a %{to}',
      all_ages: 'Todas las edades',
      age_hint: 'Deje ambas edades vacías para llegar a todas las edades.',
      validation: {
        type_required: 'Seleccione un tipo',
        survey_required: 'Seleccione un formulario',
        knowledge_required: 'Seleccione un contenido de conocimiento',
        text_required: 'Introduzca un texto',
        interest_required: 'Seleccione un interés',
        title_required: 'Introduzca un título',
        from_age_required: 'Seleccione la edad mínima',
        to_age_required: 'Seleccione la edad máxima',
        age_order: 'La edad máxima no puede ser inferior a la edad mínima.',
      },
    },
  },
} satisfies Translation<typeof en>;
