import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The dynamic-forms module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    'dynamic-forms': {
      name: 'Dynamisches Formular |||| Dynamische Formulare',
      fields: {
        title: 'Formulartitel',
        created_at: 'Erstellt am',
        submissions_count: 'Einsendungen',
        status: 'Status',
        version: 'Version',
        questions: 'Fragen',
        question: 'Frage %{n}',
        question_title: 'Titel der Frage',
        type: 'Typ',
        choose_type: 'Typ wählen',
        is_required: 'Pflichtfeld',
        options: 'Optionen',
        option: 'Option %{n}',
      },
      types: { text: 'Text', checkbox: 'Kontrollkästchen', radio: 'Einfachauswahl', date: 'Datum' },
      action: {
        create: 'Dynamisches Formular hinzufügen',
        add_question: 'Frage hinzufügen',
        remove_question: 'Frage %{n} entfernen',
        add_more: 'Weitere hinzufügen',
        remove_option: 'Option %{n} entfernen',
        export: 'Antworten exportieren',
      },
      page: { list: 'Dynamische Formulare', create: 'Dynamisches Formular hinzufügen', edit: 'Dynamisches Formular bearbeiten', show: 'Dynamisches Formular' },
      message: {
        invalid: 'Füllen Sie die Pflichtfelder aus.',
        save_failed: 'Fehler beim Speichern der Daten.',
        add_question_hint: 'Geben Sie der letzten Frage zuerst einen Titel und einen Typ.',
        answered: 'Diese Frage wurde bereits beantwortet. Eine Änderung behält die Antworten bei der aktuellen Version und legt eine neue Version der Frage an.',
        submissions: '%{smart_count} Einsendung |||| %{smart_count} Einsendungen',
      },
      validation: {
        title_required: 'Formulartitel ist erforderlich',
        question_title: 'Titel von Frage %{n} ist erforderlich',
        type_required: 'Optionstyp ist erforderlich',
        option_title: 'Titel von Option %{n} ist erforderlich',
      },
    },
  },
} satisfies Translation<typeof en>;
