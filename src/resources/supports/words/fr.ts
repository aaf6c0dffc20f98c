import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The supports module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    supports: {
      name: "Demande d'assistance |||| Demandes d'assistance",
      fields: {
        id: 'ID',
        user: "Nom de l'utilisateur",
        msg: 'Message',
        status: 'Statut',
        reply: 'Réponse',
        created_at: 'Date de création',
      },
      page: {
        list: 'Assistance',
        edit: "Répondre à la demande d'assistance",
        show: "Demande d'assistance",
      },
      statuses: {
        Open: 'Ouverte',
        Resolved: 'Résolue',
      },
      kinds: {
        patient: 'Patient',
        chw: 'Agent de santé communautaire',
        doctor: 'Médecin',
        family: 'Membre de la famille',
      },
      no_reply: 'Pas encore de réponse.',
      reply_help: "L'utilisateur voit cette réponse dans l'application.",
      validation: {
        status_required: 'Veuillez choisir un statut.',
      },
    },
  },
} satisfies Translation<typeof en>;
