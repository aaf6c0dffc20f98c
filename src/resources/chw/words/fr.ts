import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The chw module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    chw: {
      name: 'Agent de santé communautaire |||| Agents de santé communautaires',
      fields: {
        name: 'Nom',
        f_name: 'Prénom',
        l_name: 'Nom de famille',
        email: 'E-mail',
        number: 'Numéro',
        phone_no: 'Téléphone',
        password: 'Mot de passe',
        confirmPassword: 'Confirmer le mot de passe',
        dob: 'Date de naissance',
        age: 'Âge',
        cnic: 'CNIC',
        gender: 'Genre',
        qualification_id: 'Qualification',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        area_id: 'VC',
        joining_date: 'Date d’entrée',
        short_bio: 'Courte biographie',
        photo: 'Photo',
        send_credentials: 'Envoyer les identifiants par e-mail',
        status: 'Statut',
      },
      action: {
        create: 'Ajouter un agent',
      },
      page: {
        list: 'Agents de santé communautaires',
        create: 'Ajouter un agent',
        edit: 'Modifier l’agent',
        show: 'Profil de l’agent',
      },
      place: 'Zone',
      coordinates: 'Latitude %{lat}, longitude %{long}',
      tasks: 'Tâches',
      no_tasks: 'Aucune tâche assignée pour le moment.',
    },
  },
} satisfies Translation<typeof en>;
