import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointments module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    appointments: {
      name: 'Rendez-vous |||| Rendez-vous',
      fields: {
        date: 'Date',
        doctor_id: 'Médecin',
        patient_id: 'Patient',
        status: 'Statut',
        scheduled: 'Prévu',
        booking_for: 'Réservé pour',
        disease: 'Détail de la maladie',
        detail: 'Note',
        cancel_reason: 'Motif', request_id: 'Demande',
      },
      action: {
        cancel: 'Annuler', complete: 'Terminer', reschedule: 'Reporter',
      },
      page: {
        list: 'Rendez-vous',
        show: 'Détail du rendez-vous',
      },
      status: {
        Booked: 'Réservé',
        Completed: 'Terminé',
        Cancelled: 'Annulé',
      },
      cancel_title: 'Pourquoi ce rendez-vous est-il annulé ?',
      book: { button: 'Prendre rendez-vous', title: 'Prendre un rendez-vous', previous_month: 'Mois précédent', next_month: 'Mois suivant', day_open: '%{day} : %{smart_count} créneau libre |||| %{day} : %{smart_count} créneaux libres', day_closed: '%{day} : aucun créneau libre', slots_failed: 'Les créneaux libres n’ont pas pu être lus. Réessayez.', no_slots_month: 'Aucun créneau libre ce mois-ci : essayez le suivant.', slots_of: 'Créneaux libres le %{day}', choose_day: 'Choisissez un jour avec des créneaux libres.', booked: 'Réservé le %{day} à %{time}.', for_request: 'Demande n° %{number} : %{detail}', for_whom: 'Pour', self: '%{name} (lui-même)', specialization: 'Spécialité', choose_specialization_first: 'Choisissez d’abord une spécialité', no_doctors: 'Aucun médecin actif n’a cette spécialité.', summary: '%{day}, %{time}', keep: 'Fermer', confirm: 'Réserver' },
      complete: { done: 'Le rendez-vous est terminé.', title: 'Marquer ce rendez-vous comme terminé ?', text: '%{name} a vu le Dr %{doctor}. Un rendez-vous terminé ne peut plus changer.', keep: 'Le garder réservé', confirm: 'Marquer terminé' },
      reschedule: { title: 'Reporter le rendez-vous', now: '%{name}, actuellement le %{day}, %{time}. Choisissez un autre créneau libre.', keep: 'Garder cette heure', confirm: 'Déplacer ici', done: 'Déplacé au %{day} à %{time}.' },
      cancel: { done: 'Le rendez-vous est annulé et son créneau est de nouveau libre.', keep: 'Le garder', confirm: 'Annuler le rendez-vous' },
      dr: 'Dr %{name}',
      self: 'Soi-même',
      years: '%{age} ans',
    },
  },
} satisfies Translation<typeof en>;
