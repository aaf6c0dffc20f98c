import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The feedbacks module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    feedbacks: {
      name: 'Avis |||| Avis',
      fields: {
        user: "Nom de l'utilisateur",
        doctor: 'Nom du médecin',
        msg: 'Message',
        rating: 'Note',
        dated_at: 'Date',
        status: 'Statut',
        note: "Note de l'équipe",
        created_at: 'Date de création',
      },
      page: {
        list: 'Avis',
        edit: "Examiner l'avis",
        show: 'Avis',
      },
      stars: 'Note : %{smart_count} sur 5',
      statuses: {
        New: 'Nouveau',
        Reviewed: 'Examiné',
      },
      note_help: "Ce que l'équipe a fait ; le patient ne le voit pas.",
      validation: {
        status_required: 'Veuillez choisir un statut.',
      },
    },
  },
} satisfies Translation<typeof en>;
