import type { Messages } from '../messages';

/** The audit log, French: merged into fr.ts. */
const audit = {
  resources: {
    'audit-log': {
      name: 'Entrée d\'audit |||| Journal d\'audit',
      menu: 'Journal d\'audit',
      page: { list: 'Journal d\'audit' },
      fields: { created_at: 'Quand', actor: 'Qui', action: 'Action', resource: 'Enregistrement', ip: 'Adresse IP' },
      changes: 'Modifications',
      field: 'Champ',
      before: 'Avant',
      after: 'Après',
      value: 'Valeur',
      no_changes: 'Aucune valeur de champ enregistrée.',
      no_actor: 'Application de terrain ou serveur',
      filter_by_admin: 'Afficher seulement ce qu’a fait %{name}',
      admin_chip: 'Administrateur : %{name}',
      actions: {
        create: 'Création',
        update: 'Modification',
        updated: 'Modification',
        delete: 'Suppression',
        status: 'Changement de statut',
        read: 'Consultation',
        export: 'Export',
        import: 'Import',
        upload: 'Fichier téléversé',
        send: 'Notification envoyée',
        login: 'Connexion',
        logout: 'Déconnexion',
        login_failed: 'Échec de connexion',
        login_blocked: 'Connexion bloquée',
        password_reset: 'Mot de passe réinitialisé',
        password_reset_requested: 'Réinitialisation du mot de passe demandée',
        change_password: 'Mot de passe changé',
        update_profile: 'Profil modifié',
        deny: 'Refusé',
        file_read: 'Fichier ouvert',
        field_login: 'Connexion (application)',
        field_login_failed: 'Échec de connexion (application)',
        field_create: 'Envoyé depuis l\'application',
        field_reach: 'Lieu et intérêts modifiés (application)',
        field_password_reset: 'Mot de passe réinitialisé (application)',
        field_password_reset_requested: 'Réinitialisation demandée (application)',
        task_status: 'Statut de tâche (application)',
        form_submission: 'Enquête remplie (application)',
      },
    },
  },
} satisfies Messages;

export default audit;
