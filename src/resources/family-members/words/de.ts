import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The family-members module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    'family-members': {
      name: 'Familienmitglied |||| Familienmitglieder',
      fields: {
        parent: 'Familie von',
        full_name: 'Name',
        relation: 'Beziehung',
        f_name: 'Vorname',
        l_name: 'Nachname',
        email: 'E-Mail',
        phone_no: 'Telefon',
        dob: 'Geburtsdatum',
        age: 'Alter',
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
      },
      action: {
        create: 'Mitglied hinzufügen',
      },
      page: {
        list: 'Familienmitglieder',
        create: 'Mitglied hinzufügen',
        edit: 'Familienmitglied bearbeiten',
        show: 'Profil des Familienmitglieds',
      },
    },
  },
  app: {
    validation: {
      marital_status_required: 'Bitte wählen Sie einen Familienstand.',
    },
  },
} satisfies Translation<typeof en>;
