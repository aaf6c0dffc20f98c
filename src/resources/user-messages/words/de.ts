import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The user-messages module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    'user-messages': {
      name: 'Benutzernachricht |||| Benutzernachrichten',
      fields: {
        type: 'Typ',
        title: 'Titel',
        survey_id: 'Umfrageformular',
        knowledge_id: 'Wissen',
        text: 'Nachrichtentext',
        interest_ids: 'Interessen',
        from_age: 'Mindestalter',
        to_age: 'Höchstalter',
        district_id: 'Distrikt',
        tehsil_id: 'Tehsil',
        total_users: 'Benutzer insgesamt',
        status: 'Status',
        created_at: 'Gesendet am',
        full_name: 'Name',
        is_view: 'Gesehen',
        recipient_status: 'Status',
        submitted_date: 'Eingereicht am',
      },
      types: { Survey: 'Umfrage', Booking: 'Buchung', Knowledge: 'Wissen', General: 'Allgemein' },
      recipient_statuses: { Pending: 'Ausstehend', Submitted: 'Eingereicht' },
      viewed: { yes: 'Gesehen', no: 'Nicht gesehen' },
      action: { create: 'Benutzernachricht hinzufügen' },
      page: {
        list: 'Benutzernachrichten',
        create: 'Benutzernachricht hinzufügen',
        edit: 'Benutzernachricht bearbeiten',
        show: 'Benutzernachricht',
      },
      recipients: 'Empfänger',
      recipients_count: '%{smart_count} Empfänger |||| %{smart_count} Empfänger',
      no_recipients: 'Diese Nachricht erreicht noch keine Patientinnen und Patienten.',
      ages: 'Alter %{from} bis %{to}',
      all_ages: 'Alle Altersgruppen',
      age_hint: 'Lassen Sie beide Altersangaben leer, um alle Altersgruppen zu erreichen.',
      validation: {
        type_required: 'Bitte wählen Sie einen Typ',
        survey_required: 'Bitte wählen Sie ein Formular',
        knowledge_required: 'Bitte wählen Sie einen Wissensbeitrag',
        text_required: 'Bitte geben Sie einen Text ein',
        interest_required: 'Bitte wählen Sie ein Interesse',
        title_required: 'Bitte geben Sie einen Titel ein',
        from_age_required: 'Bitte wählen Sie das Mindestalter',
        to_age_required: 'Bitte wählen Sie das Höchstalter',
        age_order: 'Das Höchstalter darf nicht unter dem Mindestalter liegen.',
      },
    },
  },
} satisfies Translation<typeof en>;
