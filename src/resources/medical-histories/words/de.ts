import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The medical-histories module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    'medical-histories': {
      name: 'Krankengeschichte |||| Krankengeschichten',
      fields: {
        patient_id: 'Patient',
        disease_name: 'Krankheit',
        from_date: 'Von',
        to_date: 'Bis',
        period: 'Zeitraum',
        detail: 'Einzelheiten',
        reports: 'Befunde',
        c_date: 'Aktuelles Datum',
        m_name: 'Medikament',
        days: 'Tage',
        m_times: 'Einnahmezeit',
        to_be_taken: 'Einzunehmen',
        still_using: 'Noch in Gebrauch',
        note: 'Notiz',
      },
      action: {
        create: 'Krankengeschichte hinzufügen',
      },
      page: {
        list: 'Krankengeschichten',
        create: 'Krankengeschichte hinzufügen',
        edit: 'Krankengeschichte bearbeiten',
        show: 'Krankengeschichte',
      },
      of: 'Krankengeschichte: %{disease}',
      medication: 'Medikation',
      report: 'Befund %{n}',
      validation: {
        reports_format: 'Dateiformat nicht unterstützt. JPG/JPEG/PNG/MP3',
      },
    },
  },
} satisfies Translation<typeof en>;
