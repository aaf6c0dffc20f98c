import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The admins module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    admins: {
      name: 'Administrator |||| Administratoren',
      fields: {
        name: 'Name',
        f_name: 'Vorname',
        l_name: 'Nachname',
        email: 'E-Mail',
        phone: 'Telefon',
        mobile: 'Mobilnummer',
        password: 'Passwort',
        confirmPassword: 'Passwort bestätigen',
        oldPassword: 'Bisheriges Passwort',
        current_password: 'Aktuelles Passwort',
        dob: 'Geburtsdatum',
        cnic: 'CNIC',
        role: 'Rolle',
        gender: 'Geschlecht',
        send_credentials: 'Zugangsdaten per E-Mail senden',
        status: 'Status',
        file: 'Profilfoto',
        district_ids: 'Distrikte',
      },
      action: { create: 'Unteradministrator hinzufügen' },
      helper: {
        current_password: 'Links zum Zurücksetzen des Passworts gehen an Ihre E-Mail-Adresse: Um sie zu ändern, ist Ihr aktuelles Passwort nötig.',
        district_ids: 'Beschränkt den Admin auf diese Distrikte. Leer lassen für alle Distrikte.',
      },
      page: { list: 'Administratoren', create: 'Unteradministrator hinzufügen', edit: 'Unteradministrator bearbeiten' },
    },
  },
  app: {
    validation: {
      role_required: 'Bitte wählen Sie eine Rolle.',
      password_mismatch: 'Die Passwörter stimmen nicht überein.',
      old_password_required: 'Bitte geben Sie Ihr bisheriges Passwort ein.',
    },
  },
} satisfies Translation<typeof en>;
