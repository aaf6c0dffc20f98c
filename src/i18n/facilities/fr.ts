import type { Messages } from '../messages';

/** Facility centers, feedback and support, Français: merged into fr.ts. */
const facilities = {
  resources: {
    'facility-centers': {
      name: 'Centre de santé |||| Centres de santé',
      fields: {
        title: 'Titre',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        area_id: 'Zone du conseil villageois',
        phone_no: 'Numéro de contact',
        lat: 'Latitude',
        long: 'Longitude',
        location: 'Adresse',
        manager: 'Responsable',
        open_time: "Heure d'ouverture",
        close_time: 'Heure de fermeture',
        file: 'Image',
        services: 'Services',
        service: 'Service',
        status: 'Statut',
        created_at: 'Date de création',
      },
      action: {
        create: 'Ajouter un centre de santé',
      },
      page: {
        list: 'Centres de santé',
        create: 'Ajouter un centre de santé',
        edit: 'Modifier le centre de santé',
        show: 'Centre de santé',
      },
      place: 'Lieu',
      position: 'Coordonnées',
      open_map: 'ouvrir la carte',
      hours: "Heures d'ouverture",
      validation: {
        title_required: 'Veuillez indiquer un titre.',
        latitude: 'Veuillez indiquer une latitude valide',
        longitude: 'Veuillez indiquer une longitude valide',
        phone: 'Veuillez indiquer un numéro de exactement 11 chiffres.',
        location_required: 'Veuillez indiquer une adresse.',
        manager_required: 'Veuillez indiquer un responsable.',
        open_required: "Veuillez indiquer une heure d'ouverture.",
        close_required: 'Veuillez indiquer une heure de fermeture.',
        close_after_open: "L'heure de fermeture doit être après l'heure d'ouverture.",
        services_required: 'Veuillez ajouter au moins un service.',
        service_required: 'Veuillez indiquer un service.',
        file_format: 'Format de fichier non pris en charge. JPG/JPEG/PNG',
        file_required: 'Veuillez choisir une image.',
      },
    },
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
} satisfies Messages;

export default facilities;
