import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The notifications module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    notifications: {
      name: 'Notificação |||| Notificações',
      menu: 'Enviar notificações',
      fields: {
        title: 'Título',
        body: 'Mensagem',
        sendTo: 'Público',
        send_to: 'Público',
        recipients: 'Destinatários',
        delivered: 'Entregues',
        sent_by_name: 'Enviado por',
        created_at: 'Enviado em',
      },
      audience: { admin: 'Administradores', doctor: 'Médicos', patient: 'Pacientes' },
      status: { sending: 'Enviando… %{delivered} de %{recipients}', sent: 'Entregue a %{delivered} de %{recipients}' },
      action: { create: 'Enviar notificação' },
      page: { list: 'Notificações', send: 'Enviar notificação' },
    },
  },
  app: {
    notifications: {
      audience_hint: 'Os administradores veem no sino (web); médicos e pacientes, na caixa de entrada do aplicativo (celular)',
      audience_required: 'Escolha quem vai receber a notificação.',
      message_required: 'Escreva uma mensagem.',
      counting: 'Contando os destinatários…',
      count_unavailable: 'O número de destinatários não está disponível neste backend.',
      will_reach: 'Chegará a %{number} destinatário |||| Chegará a %{number} destinatários',
      confirm_title: 'Enviar “%{title}”?',
      confirm_count: 'Chegará a %{number} destinatário (%{audience}). |||| Chegará a %{number} destinatários (%{audience}).',
      confirm_uncounted: 'O número de destinatários (%{audience}) não está disponível: vai para todos os ativos.',
      confirm_send: 'Enviar',
    },
  },
} satisfies Translation<typeof en>;
