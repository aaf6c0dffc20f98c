import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The admins module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    admins: {
      name: 'Administrateur |||| Administrateurs',
      fields: {
        name: 'Nom',
        f_name: 'Prénom',
        l_name: 'Nom de famille',
        email: 'E-mail',
        phone: 'Téléphone',
        mobile: 'Mobile',
        password: 'Mot de passe',
        confirmPassword: 'Confirmer le mot de passe',
        oldPassword: 'Ancien mot de passe',
        current_password: 'Mot de passe actuel',
        dob: 'Date de naissance',
        cnic: 'CNIC',
        role: 'Rôle',
        gender: 'Sexe',
        send_credentials: 'Envoyer les identifiants par e-mail',
        status: 'Statut',
        file: 'Photo de profil',
        district_ids: 'Districts',
      },
      action: { create: 'Ajouter un sous-administrateur' },
      helper: {
        current_password: 'Les liens de réinitialisation du mot de passe arrivent à votre adresse e-mail : pour la changer, saisissez votre mot de passe actuel.',
        district_ids: 'Limite l’administrateur à ces districts. Laisser vide pour tous les districts.',
      },
      page: { list: 'Administrateurs', create: 'Ajouter un sous-administrateur', edit: 'Modifier le sous-administrateur' },
    },
  },
  app: {
    validation: {
      role_required: 'Veuillez sélectionner un rôle.',
      password_mismatch: 'Les mots de passe ne correspondent pas.',
      old_password_required: 'Veuillez saisir votre ancien mot de passe.',
    },
  },
} satisfies Translation<typeof en>;
