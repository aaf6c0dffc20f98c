import type { Messages } from '../../../i18n/messages';

/** The notifications module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    notifications: {
      name: 'Notification |||| Notifications',
      menu: 'Send Notifications',
      fields: {
        title: 'Title',
        body: 'Message',
        sendTo: 'Audience',
        send_to: 'Audience',
        recipients: 'Recipients',
        delivered: 'Delivered',
        sent_by_name: 'Sent by',
        created_at: 'Sent at',
      },
      audience: { admin: 'Admins', doctor: 'Doctors', patient: 'Patients' },
      status: { sending: 'Sending… %{delivered} of %{recipients}', sent: 'Delivered to %{delivered} of %{recipients}' },
      action: { create: 'Send Notification' },
      page: { list: 'Notifications', send: 'Send Notification' },
    },
  },
  app: {
    notifications: {
      audience_hint: "Admins see it in their bell (web); doctors and patients in their app's inbox (mobile)",
      audience_required: 'Please choose who receives the notification.',
      message_required: 'Please provide a message.',
    },
  },
} satisfies Messages;

export default words;
