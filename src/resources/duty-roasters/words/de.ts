import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The duty-roasters module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    'duty-roasters': {
      name: 'Dienstplan |||| Dienstpläne',
      fields: {
        doctor_id: 'Arzt',
        label: 'Name',
        dates: 'Daten',
        first_date: 'Erstes Datum',
        s_time: 'Zeit',
        e_time: 'Zeit bis',
        session: 'Sitzung (Minuten)',
        charge: 'Gebühr pro Minute',
        total_fee: 'Gesamtgebühr',
        time_from: 'Zeit von',
      },
      page: {
        list: 'Dienstpläne',
      },
      editor: {
        title: 'Arbeitszeiten planen',
        previous_month: 'Vorheriger Monat',
        next_month: 'Nächster Monat',
        select_weekday: 'Jeden %{day} des Monats wählen',
        day_scheduled: '%{day}, bereits geplant',
        chosen: '%{smart_count} Datum gewählt |||| %{smart_count} Daten gewählt',
        legend_chosen: 'Gewählt',
        legend_scheduled: 'Bereits geplant',
        clear: 'Daten leeren',
        session_disabled: 'Verfügbar, sobald der Zeitraum mindestens 10 Minuten umfasst.',
        fee_help: 'Sitzung × Gebühr pro Minute',
        preview: 'Zu speichernde Zeitfenster',
        preview_day: 'Zeitfenster jedes gewählten Tages',
        preview_empty: 'Wählen Sie Beginn, Ende und Sitzungsdauer, um die Zeitfenster zu sehen.',
        remainder: '%{from}–%{to} ist kürzer als eine Sitzung und entfällt.',
        preview_summary: '%{slots} Zeitfenster pro Tag × %{dates} Daten = %{total} Zeitfenster',
        save: 'Arbeitszeiten speichern',
        stored: 'Gespeicherte Zeitfenster im %{month}',
        legend: 'Verfügbare und stornierte Zeitfenster sind buchbar; gebuchte und reservierte nicht.',
        no_slots: 'In diesem Monat sind keine Zeitfenster gespeichert.',
        open: 'Buchbar',
        unavailable: 'Nicht verfügbar',
        schedules: 'Dienstpläne',
      },
      status: {
        Available: 'Verfügbar',
        Cancelled: 'Storniert',
        Booked: 'Gebucht',
        Reserved: 'Reserviert',
      },
      validation: {
        from_required: 'Bitte geben Sie eine Anfangszeit an.',
        to_required: 'Bitte geben Sie eine Endzeit an.',
        order: 'Die Endzeit muss nach der Anfangszeit liegen.',
        session: 'Bitte geben Sie eine Sitzungsdauer von mindestens 10 Minuten an.',
        too_short: 'Der Zeitraum muss mindestens eine Sitzung fassen.',
        charge: 'Bitte geben Sie eine Gebühr von mindestens 1 pro Minute an.',
        charge_step: 'Geben Sie die Gebühr in Schritten von 0,1 an.',
        dates: 'Bitte wählen Sie die Daten.',
      },
    },
  },
} satisfies Translation<typeof en>;
