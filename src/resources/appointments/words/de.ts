import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointments module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    appointments: {
      name: 'Termin |||| Termine',
      fields: {
        date: 'Datum',
        doctor_id: 'Arzt',
        patient_id: 'Patient',
        status: 'Status',
        scheduled: 'Geplant',
        booking_for: 'Gebucht für',
        disease: 'Krankheitsdetails',
        detail: 'Notiz',
        cancel_reason: 'Grund', request_id: 'Anfrage',
      },
      action: {
        cancel: 'Absagen', complete: 'Abschließen', reschedule: 'Verschieben',
      },
      page: {
        list: 'Termine',
        show: 'Termindetails',
      },
      status: {
        Booked: 'Gebucht',
        Completed: 'Abgeschlossen',
        Cancelled: 'Abgesagt',
      },
      cancel_title: 'Warum wird dieser Termin abgesagt?',
      book: { button: 'Termin buchen', title: 'Einen Termin buchen', previous_month: 'Voriger Monat', next_month: 'Nächster Monat', day_open: '%{day}: %{smart_count} freier Termin |||| %{day}: %{smart_count} freie Termine', day_closed: '%{day}: kein freier Termin', slots_failed: 'Die freien Termine konnten nicht gelesen werden. Bitte erneut versuchen.', no_slots_month: 'Keine freien Termine in diesem Monat: versuchen Sie den nächsten.', slots_of: 'Freie Termine am %{day}', choose_day: 'Wählen Sie einen Tag mit freien Terminen.', booked: 'Gebucht für %{day} um %{time}.', for_request: 'Anfrage Nr. %{number}: %{detail}', for_whom: 'Für', self: '%{name} (selbst)', specialization: 'Fachrichtung', choose_specialization_first: 'Zuerst eine Fachrichtung wählen', no_doctors: 'Kein aktiver Arzt hat diese Fachrichtung.', summary: '%{day}, %{time}', keep: 'Schließen', confirm: 'Buchen' },
      complete: { done: 'Der Termin ist abgeschlossen.', title: 'Diesen Termin als abgeschlossen markieren?', text: '%{name} war bei Dr. %{doctor}. Ein abgeschlossener Termin lässt sich nicht mehr ändern.', keep: 'Gebucht lassen', confirm: 'Als abgeschlossen markieren' },
      reschedule: { title: 'Termin verschieben', now: '%{name}, jetzt am %{day}, %{time}. Wählen Sie einen anderen freien Termin.', keep: 'Diese Zeit behalten', confirm: 'Hierher verschieben', done: 'Verschoben auf %{day} um %{time}.' },
      cancel: { done: 'Der Termin ist abgesagt und wieder frei.', keep: 'Behalten', confirm: 'Termin absagen' },
      dr: 'Dr. %{name}',
      self: 'Selbst',
      years: '%{age} Jahre',
    },
  },
} satisfies Translation<typeof en>;
