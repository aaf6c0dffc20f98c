import type { Messages } from '../messages';

/** Words the patient, family and CHW screens share, and the locations import (a module's own words are in src/resources/<name>/words/), Deutsch: merged into de.ts. */
const people = {
  app: {
    person: { age_from_dob: 'Aus dem Geburtsdatum berechnet.', country_search: 'Tippen, um die Länder zu durchsuchen.' },
    account: { keep_password: 'Leer lassen, um das bisherige Passwort zu behalten. Ein neues Passwort meldet die Person in der App ab.' },
    auth: { reset_success_app: 'Ihr Passwort wurde geändert. Melden Sie sich mit dem neuen Passwort in der App an.' },
    import: {
      menu: 'Orte importieren',
      title: 'Orte importieren',
      intro:
        'Fügen Sie viele Distrikte, Tehsils und VC-Gebiete auf einmal aus einer CSV-Datei mit diesen Spalten hinzu. Prüfen Sie die Datei zuerst: Jede fehlerhafte Zeile wird mit ihrer Zeilennummer aufgeführt, und nichts wird gespeichert, bis die ganze Datei stimmt.',
      template: 'Vorlage herunterladen',
      choose: 'CSV-Datei wählen',
      no_file: 'Keine Datei gewählt',
      check: 'Prüfen',
      import: 'Importieren',
      working: 'Wird bearbeitet…',
      done: '%{districts} Distrikte, %{tehsils} Tehsils und %{areas} VC-Gebiete aus %{rows} Zeilen importiert.',
      ready: 'Alle %{rows} Zeilen sind bereit: %{districts} Distrikte, %{tehsils} Tehsils und %{areas} VC-Gebiete werden hinzugefügt.',
      problems: '1 Zeile muss korrigiert werden, bevor importiert wird. |||| %{smart_count} Zeilen müssen korrigiert werden, bevor importiert wird.',
      problems_table: 'Zu korrigierende Zeilen',
      line: 'Zeile',
      problem: 'Problem',
    },
    layout: { paths: { locations: 'Orte', import: 'Import' } },
    validation: {
      age_required: 'Bitte geben Sie ein Alter an.',
      relation_required: 'Bitte wählen Sie eine Beziehung aus.',
      qualification_required: 'Bitte wählen Sie eine Qualifikation aus',
      district_select: 'Bitte wählen Sie einen Distrikt',
      tehsil_select: 'Bitte wählen Sie ein Tehsil',
      area_select: 'Bitte wählen Sie ein VC aus',
    },
    marital_status: {
      Married: 'Verheiratet',
      Unmarried: 'Ledig',
      Divorced: 'Geschieden',
      Separated: 'Getrennt',
    },
    relation: {
      Father: 'Vater',
      Mother: 'Mutter',
      Wife: 'Ehefrau',
      Son: 'Sohn',
      Daughter: 'Tochter',
      Brother: 'Bruder',
      Sister: 'Schwester',
    },
    filter: {
      all_districts: 'Alle Distrikte',
    },
  },
} satisfies Messages;

export default people;
