import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The notifications module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    notifications: {
      name: 'Benachrichtigung |||| Benachrichtigungen',
      menu: 'Benachrichtigen',
      fields: {
        title: 'Titel',
        body: 'Nachricht',
        sendTo: 'Empfängergruppe',
        send_to: 'Empfängergruppe',
        recipients: 'Empfänger',
        delivered: 'Zugestellt',
        sent_by_name: 'Gesendet von',
        created_at: 'Gesendet am',
      },
      audience: { admin: 'Administratoren', doctor: 'Ärztinnen und Ärzte', patient: 'Patientinnen und Patienten' },
      status: { sending: 'Wird gesendet… %{delivered} von %{recipients}', sent: 'Zugestellt an %{delivered} von %{recipients}' },
      action: { create: 'Benachrichtigung senden' },
      page: { list: 'Benachrichtigungen', send: 'Benachrichtigung senden' },
    },
  },
  app: {
    notifications: {
      audience_hint: 'Admins sehen sie in ihrer Glocke (Web), Ärzte und Patienten im Posteingang ihrer App (mobil)',
      audience_required: 'Bitte wählen Sie, wer die Benachrichtigung erhält.',
      message_required: 'Bitte geben Sie eine Nachricht ein.',
      counting: 'Empfänger werden gezählt…',
      count_unavailable: 'Die Zahl der Empfänger ist bei diesem Backend nicht verfügbar.',
      will_reach: 'Erreicht %{number} Empfänger |||| Erreicht %{number} Empfänger',
      confirm_title: '„%{title}“ senden?',
      confirm_count: 'Sie erreicht %{number} Empfänger (%{audience}). |||| Sie erreicht %{number} Empfänger (%{audience}).',
      confirm_uncounted: 'Die Zahl der Empfänger (%{audience}) ist nicht verfügbar: Sie geht an alle aktiven.',
      confirm_send: 'Senden',
    },
  },
} satisfies Translation<typeof en>;
