import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The supports module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    supports: {
      name: 'Supportanfrage |||| Supportanfragen',
      fields: {
        id: 'ID',
        user: 'Benutzername',
        msg: 'Nachricht',
        status: 'Status',
        reply: 'Antwort',
        created_at: 'Erstellt am',
      },
      page: {
        list: 'Support',
        edit: 'Supportanfrage beantworten',
        show: 'Supportanfrage',
      },
      statuses: {
        Open: 'Offen',
        Resolved: 'Gelöst',
      },
      kinds: {
        patient: 'Patient',
        chw: 'Gesundheitshelfer',
        doctor: 'Arzt',
        family: 'Familienmitglied',
      },
      no_reply: 'Noch nicht beantwortet.',
      reply_help: 'Der Benutzer sieht diese Antwort in der App.',
      validation: {
        status_required: 'Bitte einen Status wählen.',
      },
    },
  },
} satisfies Translation<typeof en>;
