import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointment-requests module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    'appointment-requests': {
      name: 'Terminanfrage |||| Terminanfragen',
      fields: {
        id: 'ID',
        patient_id: 'Patient',
        detail: 'Beschreibung',
        is_emergency: 'Notfall',
        dated_at: 'Datum',
      },
      page: {
        list: 'Terminanfragen',
      },
      emergency: 'Notfall',
      routine: 'Nein',
      book: 'Buchen',
      booked: 'Gebucht: öffnen',
    },
  },
} satisfies Translation<typeof en>;
