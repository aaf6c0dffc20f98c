import type { Messages } from '../messages';

/** The audit log, German: merged into de.ts. */
const audit = {
  resources: {
    'audit-log': {
      name: 'Protokolleintrag |||| Prüfprotokoll',
      menu: 'Prüfprotokoll',
      page: { list: 'Prüfprotokoll' },
      fields: { created_at: 'Wann', actor: 'Wer', action: 'Aktion', resource: 'Datensatz', ip: 'IP-Adresse' },
      changes: 'Änderungen',
      field: 'Feld',
      before: 'Vorher',
      after: 'Nachher',
      value: 'Wert',
      no_changes: 'Keine Feldwerte erfasst.',
      no_actor: 'Feld-App oder Server',
      filter_by_admin: 'Nur zeigen, was %{name} getan hat',
      admin_chip: 'Admin: %{name}',
      actions: {
        create: 'Erstellt',
        update: 'Geändert',
        updated: 'Geändert',
        delete: 'Gelöscht',
        status: 'Status geändert',
        read: 'Angesehen',
        export: 'Exportiert',
        import: 'Importiert',
        upload: 'Datei hochgeladen',
        send: 'Benachrichtigung gesendet',
        login: 'Angemeldet',
        logout: 'Abgemeldet',
        login_failed: 'Anmeldung fehlgeschlagen',
        login_blocked: 'Anmeldung gesperrt',
        password_reset: 'Passwort zurückgesetzt',
        password_reset_requested: 'Passwort-Zurücksetzung angefordert',
        change_password: 'Passwort geändert',
        update_profile: 'Profil geändert',
        deny: 'Abgelehnt',
        file_read: 'Datei geöffnet',
        field_login: 'Angemeldet (App)',
        field_login_failed: 'Anmeldung fehlgeschlagen (App)',
        field_create: 'Aus der App gesendet',
        field_reach: 'Ort und Interessen geändert (App)',
        field_password_reset: 'Passwort zurückgesetzt (App)',
        field_password_reset_requested: 'Passwort-Zurücksetzung angefordert (App)',
        task_status: 'Aufgabenstatus (App)',
        form_submission: 'Umfrage beantwortet (App)',
      },
    },
  },
} satisfies Messages;

export default audit;
