import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The facility-centers module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
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
        phone: 'Veuillez saisir un numéro d’au moins 11 chiffres.',
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
  },
} satisfies Translation<typeof en>;
