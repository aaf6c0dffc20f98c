import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The notifications module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    notifications: {
      name: 'Notification |||| Notifications',
      menu: 'Envoi de notifications',
      fields: {
        title: 'Titre',
        body: 'Message',
        sendTo: 'Destinataires',
        send_to: 'Destinataires',
        recipients: 'Nombre de destinataires',
        delivered: 'Distribuées',
        sent_by_name: 'Envoyé par',
        created_at: 'Envoyé le',
      },
      audience: { admin: 'Administrateurs', doctor: 'Médecins', patient: 'Patients' },
      status: { sending: 'Envoi… %{delivered} sur %{recipients}', sent: 'Distribuée à %{delivered} sur %{recipients}' },
      action: { create: 'Envoyer une notification' },
      page: { list: 'Notifications', send: 'Envoyer une notification' },
    },
  },
  app: {
    notifications: {
      audience_hint: 'Les administrateurs la voient dans leur cloche (web) ; médecins et patients dans la boîte de réception de leur application (mobile)',
      audience_required: 'Veuillez choisir les destinataires de la notification.',
      message_required: 'Veuillez saisir un message.',
      counting: 'Comptage des destinataires…',
      count_unavailable: 'Le nombre de destinataires n’est pas disponible sur ce backend.',
      will_reach: 'Atteindra %{number} destinataire |||| Atteindra %{number} destinataires',
      confirm_title: 'Envoyer « %{title} » ?',
      confirm_count: 'Elle atteindra %{number} destinataire (%{audience}). |||| Elle atteindra %{number} destinataires (%{audience}).',
      confirm_uncounted: 'Le nombre de destinataires (%{audience}) n’est pas disponible : elle part à tous les actifs.',
      confirm_send: 'Envoyer',
    },
  },
} satisfies Translation<typeof en>;
