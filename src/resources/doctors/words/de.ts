import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The doctors module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    doctors: {
      name: 'Arzt |||| Ärzte',
      fields: {
        name: 'Name',
        f_name: 'Vorname',
        l_name: 'Nachname',
        email: 'E-Mail',
        phone_no: 'Telefon',
        number: 'Nummer',
        password: 'Passwort',
        confirmPassword: 'Passwort bestätigen',
        dob: 'Geburtsdatum',
        age: 'Alter',
        gender: 'Geschlecht',
        qualification_id: 'Qualifikation',
        specializationIds: 'Fachrichtungen',
        short_bio: 'Kurzbiografie',
        country_id: 'Land',
        city_id: 'Stadt',
        state: 'Bundesland',
        zipcode: 'Postleitzahl',
        street: 'Straße',
        photo: 'Foto',
        send_credentials: 'Zugangsdaten per E-Mail senden',
        status: 'Status',
        rating: 'Bewertung',
        patients_count: 'Patienten',
        created_at: 'Seit',
      },
      action: {
        create: 'Arzt hinzufügen',
      },
      page: {
        list: 'Ärzte',
        create: 'Arzt hinzufügen',
        edit: 'Arzt bearbeiten',
        show: 'Arztprofil',
      },
      rating_of: 'Bewertet mit %{rating} von 5',
      ratings_count: '%{smart_count} Bewertung |||| %{smart_count} Bewertungen',
      tabs: {
        label: 'Bereiche des Arztprofils',
        upcoming: 'Anstehende Termine',
        cancelled: 'Abgesagte Termine',
        completed: 'Abgeschlossene Termine',
        working_hours: 'Arbeitszeiten',
        patients: 'Patientenliste',
      },
    },
  },
  app: {
    validation: {
      specialization_required: 'Bitte wählen Sie mindestens eine Fachrichtung aus.',
    },
  },
} satisfies Translation<typeof en>;
