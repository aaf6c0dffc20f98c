import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The roles module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    roles: {
      name: 'Rôle |||| Rôles',
      fields: {
        name: 'Nom',
        permissions: 'Autorisations',
        permissions_count: 'Autorisations',
      },
      action: { create: 'Ajouter un rôle' },
      page: { list: 'Rôles', create: 'Ajouter un rôle', edit: 'Modifier le rôle' },
      select_all: 'Tout sélectionner',
      modules: {
        sub_admin: 'Administrateurs',
        role: 'Rôles',
        doctor: 'Médecins',
        chw: 'Agents de santé communautaires',
        app_user: 'Patients',
        task: 'Tâches',
        hlc: 'Contenus de littératie en santé',
        campaign: 'Campagnes',
        form: "Formulaires d'enquête",
        facility_center: 'Centres de santé',
        location: 'Lieux',
        qualification: 'Diplômes',
        specialization: 'Spécialités',
        page: 'Pages',
        faq: 'FAQ',
        setting: 'Paramètres',
        feedback: 'Avis',
        support: 'Assistance',
        notification: 'Notifications',
        activity: 'Activité',
      },
      actions: {
        view: 'Voir',
        create: 'Créer',
        edit: 'Modifier',
        delete: 'Supprimer',
        view_activity_doctor: 'Voir les médecins',
        create_activity_chw: 'Voir les agents de santé',
      },
    },
  },
} satisfies Translation<typeof en>;
