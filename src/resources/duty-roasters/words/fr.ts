import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The duty-roasters module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    'duty-roasters': {
      name: 'Planning de garde |||| Plannings de garde',
      fields: {
        doctor_id: 'Médecin',
        label: 'Nom',
        dates: 'Dates',
        first_date: 'Première date',
        s_time: 'Heure',
        e_time: 'Heure de fin',
        session: 'Séance (minutes)',
        charge: 'Tarif par minute',
        total_fee: 'Tarif total',
        time_from: 'Heure de début',
      },
      page: {
        list: 'Plannings de garde',
      },
      editor: {
        title: 'Planifier les heures de travail',
        previous_month: 'Mois précédent',
        next_month: 'Mois suivant',
        select_weekday: 'Choisir tous les %{day} du mois',
        day_scheduled: '%{day}, déjà planifié',
        chosen: '%{smart_count} date choisie |||| %{smart_count} dates choisies',
        legend_chosen: 'Choisie',
        legend_scheduled: 'Déjà planifiée',
        clear: 'Effacer les dates',
        session_disabled: 'Disponible dès que la plage horaire atteint 10 minutes.',
        fee_help: 'Séance × tarif à la minute',
        preview: 'Créneaux à enregistrer',
        preview_day: 'Créneaux de chaque jour choisi',
        preview_empty: 'Choisissez l’heure de début, l’heure de fin et une séance pour voir les créneaux.',
        remainder: '%{from}–%{to} est plus court qu’une séance et n’est pas retenu.',
        preview_summary: '%{slots} créneaux par jour × %{dates} dates = %{total} créneaux',
        save: 'Enregistrer les heures de travail',
        stored: 'Créneaux enregistrés de %{month}',
        legend: 'Les créneaux disponibles et annulés sont réservables ; les créneaux réservés et bloqués ne le sont pas.',
        no_slots: 'Aucun créneau enregistré ce mois-ci.',
        open: 'Réservable',
        unavailable: 'Indisponible',
        schedules: 'Plannings',
      },
      status: {
        Available: 'Disponible',
        Cancelled: 'Annulé',
        Booked: 'Réservé',
        Reserved: 'Bloqué',
      },
      validation: {
        from_required: 'Veuillez indiquer une heure de début.',
        to_required: 'Veuillez indiquer une heure de fin.',
        order: 'L’heure de fin doit suivre l’heure de début.',
        session: 'Veuillez indiquer une séance d’au moins 10 minutes.',
        too_short: 'La plage horaire doit contenir au moins une séance.',
        charge: 'Veuillez indiquer un tarif d’au moins 1 par minute.',
        charge_step: 'Indiquez le tarif par pas de 0,1.',
        dates: 'Veuillez choisir les dates.',
      },
    },
  },
} satisfies Translation<typeof en>;
