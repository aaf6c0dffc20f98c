import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The notifications module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    notifications: {
      name: 'Notificación |||| Notificaciones',
      menu: 'Enviar notificaciones',
      fields: {
        title: 'Título',
        body: 'Mensaje',
        sendTo: 'Destinatarios',
        send_to: 'Destinatarios',
        recipients: 'Receptores',
        delivered: 'Entregadas',
        sent_by_name: 'Enviado por',
        created_at: 'Enviado el',
      },
      audience: { admin: 'Administradores', doctor: 'Médicos', patient: 'Pacientes' },
      status: { sending: 'Enviando… %{delivered} de %{recipients}', sent: 'Entregada a %{delivered} de %{recipients}' },
      action: { create: 'Enviar notificación' },
      page: { list: 'Notificaciones', send: 'Enviar notificación' },
    },
  },
  app: {
    notifications: {
      audience_hint: 'Los administradores la ven en su campana (web); médicos y pacientes, en la bandeja de su aplicación (móvil)',
      audience_required: 'Elija quién recibe la notificación.',
      message_required: 'Escriba un mensaje.',
      counting: 'Contando los destinatarios…',
      count_unavailable: 'El número de destinatarios no está disponible en este backend.',
      will_reach: 'Llegará a %{number} destinatario |||| Llegará a %{number} destinatarios',
      confirm_title: '¿Enviar «%{title}»?',
      confirm_count: 'Llegará a %{number} destinatario (%{audience}). |||| Llegará a %{number} destinatarios (%{audience}).',
      confirm_uncounted: 'El número de destinatarios (%{audience}) no está disponible: se envía a todos los activos.',
      confirm_send: 'Enviar',
    },
  },
} satisfies Translation<typeof en>;
