import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The app-users module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    'app-users': {
      name: 'Patient |||| Patients',
      fields: {
        name: 'Nom',
        f_name: 'Prénom',
        l_name: 'Nom de famille',
        email: 'E-mail',
        phone_no: 'Téléphone',
        password: 'Mot de passe',
        confirmPassword: 'Confirmer le mot de passe',
        dob: 'Date de naissance',
        age: 'Âge',
        age_or_country: 'Âge / Pays',
        gender: 'Genre',
        marital_status: 'Situation familiale',
        blood_group: 'Groupe sanguin',
        height: 'Taille (cm)',
        weight: 'Poids (kg)',
        short_bio: 'Courte biographie',
        country_id: 'Pays',
        city_id: 'Ville',
        state: 'État',
        zipcode: 'Code postal',
        street: 'Rue',
        photo: 'Photo',
        send_credentials: 'Envoyer les identifiants par e-mail',
        status: 'Statut',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        interest_ids: 'Centres d’intérêt',
      },
      action: {
        create: 'Ajouter un patient',
      },
      page: {
        list: 'Patients',
        create: 'Ajouter un patient',
        edit: 'Modifier le patient',
        show: 'Profil du patient',
      },
    },
  },
  app: {
    profile: {
      tabs: 'Sections du profil',
      medical_history: 'Antécédents médicaux',
      health_system: 'Système de santé',
      prescriptions: 'Ordonnances',
      family: 'Profil familial',
      no_medical_history: 'Aucun antécédent médical pour le moment.',
      no_appointments: 'Aucun rendez-vous pour le moment.',
      no_prescriptions: 'Aucune ordonnance pour le moment.',
      diseases: 'Maladies',
      no_diseases: 'Aucune enregistrée',
    },
  },
} satisfies Translation<typeof en>;
