import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The doctors module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    doctors: {
      name: 'Médecin |||| Médecins',
      fields: {
        name: 'Nom',
        f_name: 'Prénom',
        l_name: 'Nom de famille',
        email: 'E-mail',
        phone_no: 'Téléphone',
        number: 'Numéro',
        password: 'Mot de passe',
        confirmPassword: 'Confirmer le mot de passe',
        dob: 'Date de naissance',
        age: 'Âge',
        gender: 'Genre',
        qualification_id: 'Qualification',
        specializationIds: 'Spécialités',
        short_bio: 'Courte biographie',
        country_id: 'Pays',
        city_id: 'Ville',
        state: 'État',
        zipcode: 'Code postal',
        street: 'Rue',
        photo: 'Photo',
        send_credentials: 'Envoyer les identifiants par e-mail',
        status: 'Statut',
        rating: 'Note',
        patients_count: 'Patients',
        created_at: 'Depuis',
      },
      action: {
        create: 'Ajouter un médecin',
      },
      page: {
        list: 'Médecins',
        create: 'Ajouter un médecin',
        edit: 'Modifier le médecin',
        show: 'Profil du médecin',
      },
      rating_of: 'Noté %{rating} sur 5',
      ratings_count: '%{smart_count} note |||| %{smart_count} notes',
      tabs: {
        label: 'Sections du profil du médecin',
        upcoming: 'Rendez-vous à venir',
        cancelled: 'Rendez-vous annulés',
        completed: 'Rendez-vous terminés',
        working_hours: 'Horaires de travail',
        patients: 'Liste des patients',
      },
    },
  },
  app: {
    validation: {
      specialization_required: 'Veuillez choisir au moins une spécialité.',
    },
  },
} satisfies Translation<typeof en>;
