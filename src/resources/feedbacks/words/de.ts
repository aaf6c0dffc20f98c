import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The feedbacks module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    feedbacks: {
      name: 'Feedback |||| Feedback',
      fields: {
        user: 'Benutzername',
        doctor: 'Name des Arztes',
        msg: 'Nachricht',
        rating: 'Bewertung',
        dated_at: 'Datum',
        status: 'Status',
        note: 'Notiz des Teams',
        created_at: 'Erstellt am',
      },
      page: {
        list: 'Feedback',
        edit: 'Feedback prüfen',
        show: 'Feedback',
      },
      stars: 'Bewertung: %{smart_count} von 5',
      statuses: {
        New: 'Neu',
        Reviewed: 'Geprüft',
      },
      note_help: 'Was das Team unternommen hat; der Patient sieht dies nicht.',
      validation: {
        status_required: 'Bitte einen Status wählen.',
      },
    },
  },
} satisfies Translation<typeof en>;
