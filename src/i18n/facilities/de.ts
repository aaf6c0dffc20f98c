import type { Messages } from '../messages';

/** Facility centers, feedback and support, Deutsch: merged into de.ts. */
const facilities = {
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
        phone: 'Bitte eine Nummer mit genau 11 Ziffern angeben.',
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
    feedbacks: {
      name: 'Feedback |||| Feedback',
      fields: {
        user: 'Benutzername',
        doctor: 'Name des Arztes',
        msg: 'Nachricht',
        rating: 'Bewertung',
        dated_at: 'Datum',
        status: 'Status',
        note: 'Notiz des Teams',
        created_at: 'Erstellt am',
      },
      page: {
        list: 'Feedback',
        edit: 'Feedback prüfen',
        show: 'Feedback',
      },
      stars: 'Bewertung: %{smart_count} von 5',
      statuses: {
        New: 'Neu',
        Reviewed: 'Geprüft',
      },
      note_help: 'Was das Team unternommen hat; der Patient sieht dies nicht.',
      validation: {
        status_required: 'Bitte einen Status wählen.',
      },
    },
    supports: {
      name: 'Supportanfrage |||| Supportanfragen',
      fields: {
        id: 'ID',
        user: 'Benutzername',
        msg: 'Nachricht',
        status: 'Status',
        reply: 'Antwort',
        created_at: 'Erstellt am',
      },
      page: {
        list: 'Support',
        edit: 'Supportanfrage beantworten',
        show: 'Supportanfrage',
      },
      statuses: {
        Open: 'Offen',
        Resolved: 'Gelöst',
      },
      kinds: {
        patient: 'Patient',
        chw: 'Gesundheitshelfer',
        doctor: 'Arzt',
        family: 'Familienmitglied',
      },
      no_reply: 'Noch nicht beantwortet.',
      reply_help: 'Der Benutzer sieht diese Antwort in der App.',
      validation: {
        status_required: 'Bitte einen Status wählen.',
      },
    },
  },
} satisfies Messages;

export default facilities;
