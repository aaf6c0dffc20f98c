import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The prescriptions module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    prescriptions: {
      name: 'Rezept |||| Rezepte',
      fields: {
        patient_id: 'Patient',
        doctor_id: 'Arzt',
        disease_name: 'Krankheit',
        from_date: 'Von',
        to_date: 'Bis',
        period: 'Zeitraum',
        detail: 'Einzelheiten',
        items: 'Medikamente',
        c_date: 'Aktuelles Datum',
        m_name: 'Medikament',
        days: 'Tage',
        m_time: 'Einnahmezeit',
        to_be_taken: 'Einzunehmen',
        still_using: 'Wird noch eingenommen',
        note: 'Notiz',
      },
      action: {
        create: 'Rezept hinzufügen',
      },
      page: {
        list: 'Rezepte',
        create: 'Rezept hinzufügen',
        edit: 'Rezept bearbeiten',
        show: 'Rezeptdetails',
      },
      days: '1 Tag |||| %{smart_count} Tage',
      validation: {
        items_required: 'Bitte fügen Sie mindestens ein Medikament hinzu.',
      },
    },
  },
  app: {
    validation: {
      doctor_required: 'Bitte wählen Sie einen Arzt aus.',
    },
  },
} satisfies Translation<typeof en>;
