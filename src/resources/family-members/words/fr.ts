import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The family-members module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    'family-members': {
      name: 'Membre de la famille |||| Membres de la famille',
      fields: {
        parent: 'Famille de',
        full_name: 'Nom',
        relation: 'Lien de parenté',
        f_name: 'Prénom',
        l_name: 'Nom de famille',
        email: 'E-mail',
        phone_no: 'Téléphone',
        dob: 'Date de naissance',
        age: 'Âge',
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
      },
      action: {
        create: 'Ajouter un membre',
      },
      page: {
        list: 'Membres de la famille',
        create: 'Ajouter un membre',
        edit: 'Modifier le membre de la famille',
        show: 'Profil du membre de la famille',
      },
    },
  },
  app: {
    validation: {
      marital_status_required: 'Veuillez choisir une situation familiale.',
    },
  },
} satisfies Translation<typeof en>;
