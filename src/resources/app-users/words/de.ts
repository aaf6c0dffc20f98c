import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The app-users module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    'app-users': {
      name: 'Patient |||| Patienten',
      fields: {
        name: 'Name',
        f_name: 'Vorname',
        l_name: 'Nachname',
        email: 'E-Mail',
        phone_no: 'Telefon',
        password: 'Passwort',
        confirmPassword: 'Passwort bestätigen',
        dob: 'Geburtsdatum',
        age: 'Alter',
        age_or_country: 'Alter / Land',
        gender: 'Geschlecht',
        marital_status: 'Familienstand',
        blood_group: 'Blutgruppe',
        height: 'Größe (cm)',
        weight: 'Gewicht (kg)',
        short_bio: 'Kurzbiografie',
        country_id: 'Land',
        city_id: 'Stadt',
        state: 'Bundesland',
        zipcode: 'Postleitzahl',
        street: 'Straße',
        photo: 'Foto',
        send_credentials: 'Zugangsdaten per E-Mail senden',
        status: 'Status',
        district_id: 'Distrikt',
        tehsil_id: 'Tehsil',
        interest_ids: 'Interessen',
      },
      action: {
        create: 'Patient hinzufügen',
      },
      page: {
        list: 'Patienten',
        create: 'Patient hinzufügen',
        edit: 'Patient bearbeiten',
        show: 'Patientenprofil',
      },
    },
  },
  app: {
    profile: {
      tabs: 'Profilbereiche',
      medical_history: 'Krankengeschichte',
      health_system: 'Gesundheitssystem',
      prescriptions: 'Rezepte',
      family: 'Familienprofil',
      no_medical_history: 'Noch keine Krankengeschichte.',
      no_appointments: 'Noch keine Termine.',
      no_prescriptions: 'Noch keine Rezepte.',
      diseases: 'Krankheiten',
      no_diseases: 'Keine erfasst',
    },
  },
} satisfies Translation<typeof en>;
