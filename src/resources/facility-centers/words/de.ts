import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The facility-centers module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    'facility-centers': {
      name: 'Gesundheitszentrum |||| Gesundheitszentren',
      fields: {
        title: 'Titel',
        district_id: 'Distrikt',
        tehsil_id: 'Tehsil',
        area_id: 'Dorfratsgebiet',
        phone_no: 'Kontaktnummer',
        lat: 'Breitengrad',
        long: 'Längengrad',
        location: 'Standort',
        manager: 'Leitung',
        open_time: 'Öffnungszeit',
        close_time: 'Schließzeit',
        file: 'Bild',
        services: 'Leistungen',
        service: 'Leistung',
        status: 'Status',
        created_at: 'Erstellt am',
      },
      action: {
        create: 'Gesundheitszentrum hinzufügen',
      },
      page: {
        list: 'Gesundheitszentren',
        create: 'Gesundheitszentrum hinzufügen',
        edit: 'Gesundheitszentrum bearbeiten',
        show: 'Gesundheitszentrum',
      },
      place: 'Ort',
      position: 'Koordinaten',
      open_map: 'Karte öffnen',
      hours: 'Öffnungszeiten',
      validation: {
        title_required: 'Bitte einen Titel angeben.',
        latitude: 'Bitte einen gültigen Breitengrad angeben',
        longitude: 'Bitte einen gültigen Längengrad angeben',
        phone: 'Bitte geben Sie eine Nummer mit mindestens 11 Ziffern ein.',
        location_required: 'Bitte einen Standort angeben.',
        manager_required: 'Bitte eine Leitung angeben.',
        open_required: 'Bitte eine Öffnungszeit angeben.',
        close_required: 'Bitte eine Schließzeit angeben.',
        close_after_open: 'Die Schließzeit muss nach der Öffnungszeit liegen.',
        services_required: 'Bitte mindestens eine Leistung hinzufügen.',
        service_required: 'Bitte eine Leistung angeben.',
        file_format: 'Dateiformat nicht unterstützt. JPG/JPEG/PNG',
        file_required: 'Bitte ein Bild auswählen.',
      },
    },
  },
} satisfies Translation<typeof en>;
