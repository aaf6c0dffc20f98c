import type { Messages } from '../messages';

/** The app bar's search and the form machinery's extras (dependent selects, save and add another), Deutsch: merged into de.ts. */
const daily = {
  app: {
    confirm: {
      keep: 'Behalten',
      this_record: 'diesen Eintrag',
      delete_title: '%{name} löschen?',
      block_title: '%{name} sperren?',
      unblock_title: '%{name} entsperren?',
    },
    filter: {
      district: 'Distrikt',
      tehsil: 'Tehsil',
      blood_group: 'Blutgruppe',
      doctor: 'Arzt',
      specialization: 'Fachrichtung',
      saved: 'Gespeicherte Filter',
    },
    search: {
      open: 'Suche',
      placeholder: 'Patienten, Ärzte, CHWs, Admins, Kampagnen, Formulare',
      hint: 'Mindestens zwei Zeichen eingeben: einen Namen, eine Telefonnummer, eine CNIC oder einen Titel.',
      no_results: 'Nichts gefunden für „%{q}“.',
      more: 'Alle Ergebnisse in %{list}',
      failed: 'Die Suche ist fehlgeschlagen. Bitte erneut versuchen.',
      results: 'Suchergebnisse',
    },
    form: {
      choose_district_first: 'Zuerst einen Distrikt wählen',
      choose_tehsil_first: 'Zuerst eine Tehsil wählen',
    },
    action: {
      save_and_add: 'Speichern und weiteren hinzufügen',
    },
    notification: {
      added_named: '%{name} hinzugefügt.',
    },
  },
} satisfies Messages;

export default daily;
