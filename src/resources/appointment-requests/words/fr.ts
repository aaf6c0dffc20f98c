import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointment-requests module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    'appointment-requests': {
      name: 'Demande de rendez-vous |||| Demandes de rendez-vous',
      fields: {
        id: 'ID',
        patient_id: 'Patient',
        detail: 'Description',
        is_emergency: 'Urgence',
        dated_at: 'Date',
      },
      page: {
        list: 'Demandes de rendez-vous',
      },
      emergency: 'Urgence',
      routine: 'Non',
      book: 'Réserver',
      booked: 'Réservé : ouvrir',
    },
  },
} satisfies Translation<typeof en>;
