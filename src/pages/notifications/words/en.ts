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
      counting: 'Counting the recipients…',
      count_unavailable: 'The number of recipients is not available from this backend.',
      will_reach: 'This will reach %{number} recipient |||| This will reach %{number} recipients',
      confirm_title: 'Send “%{title}”?',
      confirm_count: 'It will reach %{number} recipient (%{audience}). |||| It will reach %{number} recipients (%{audience}).',
      confirm_uncounted: 'The number of recipients (%{audience}) is not available: it goes to every active one.',
      confirm_send: 'Send',
    },
  },
} satisfies Messages;

export default words;
