import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The campaigns module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    campaigns: {
      name: 'Kampagne |||| Kampagnen',
      fields: {
        title: 'Titel',
        session: 'Zeitraum',
        start_date: 'Startdatum',
        end_date: 'Enddatum',
        district_id: 'Distrikt',
        tehsil_id: 'Tehsil',
        file: 'Bild oder PDF',
        status: 'Status',
        created_at: 'Erstellt am',
      },
      action: { create: 'Kampagne hinzufügen' },
      page: { list: 'Kampagnen', create: 'Kampagne hinzufügen', edit: 'Kampagne bearbeiten', show: 'Kampagne' },
      tasks: 'Aufgaben dieser Kampagne',
      no_tasks: 'Noch keine Aufgabe verweist auf diese Kampagne.',
      place: 'Standort',
      validation: {
        title_required: 'Bitte geben Sie einen Titel ein.',
        start_required: 'Bitte wählen Sie ein Startdatum.',
        end_required: 'Bitte wählen Sie ein Enddatum.',
        file_format: 'Dateiformat nicht unterstützt. JPG/JPEG/PNG/PDF',
        file_required: 'Bitte wählen Sie eine Datei aus.',
      },
    },
  },
} satisfies Translation<typeof en>;
