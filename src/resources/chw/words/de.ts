import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The chw module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    chw: {
      name: 'Gesundheitshelfer |||| Gesundheitshelfer',
      fields: {
        name: 'Name',
        f_name: 'Vorname',
        l_name: 'Nachname',
        email: 'E-Mail',
        number: 'Nummer',
        phone_no: 'Telefon',
        password: 'Passwort',
        confirmPassword: 'Passwort bestätigen',
        dob: 'Geburtsdatum',
        age: 'Alter',
        cnic: 'CNIC',
        gender: 'Geschlecht',
        qualification_id: 'Qualifikation',
        district_id: 'Distrikt',
        tehsil_id: 'Tehsil',
        area_id: 'VC',
        joining_date: 'Eintrittsdatum',
        short_bio: 'Kurzbiografie',
        photo: 'Foto',
        send_credentials: 'Zugangsdaten per E-Mail senden',
        status: 'Status',
      },
      action: {
        create: 'Gesundheitshelfer hinzufügen',
      },
      page: {
        list: 'Gemeinde-Gesundheitshelfer',
        create: 'Gesundheitshelfer hinzufügen',
        edit: 'Gesundheitshelfer bearbeiten',
        show: 'Profil des Gesundheitshelfers',
      },
      place: 'Gebiet',
      coordinates: 'Breitengrad %{lat}, Längengrad %{long}',
      tasks: 'Aufgaben',
      no_tasks: 'Noch keine Aufgaben zugewiesen.',
    },
  },
} satisfies Translation<typeof en>;
