import type { Messages } from '../messages';

/** Pages and FAQs, Deutsch: merged into de.ts. */
const content = {
  resources: {
    pages: {
      name: 'Seite |||| Seiten',
      fields: { key: 'Name', value: 'Beschreibung', created_at: 'Erstellt am', updated_at: 'Aktualisiert am' },
      action: { create: 'Seite hinzufügen' },
      page: { list: 'Seiten', create: 'Seite hinzufügen', edit: 'Seite bearbeiten', show: 'Seite' },
      keys: { privacy_policy: 'Datenschutzerklärung', terms: 'Allgemeine Geschäftsbedingungen' },
      not_written: 'Diese Seite wurde noch nicht geschrieben.',
      validation: { key_required: 'Bitte wählen Sie einen Typ', value_required: 'Bitte geben Sie eine Beschreibung ein' },
    },
    faqs: {
      name: 'FAQ |||| FAQs',
      fields: { question: 'Frage', answer: 'Antwort', created_at: 'Erstellt am' },
      action: { create: 'FAQ hinzufügen' },
      page: { list: 'FAQs', create: 'FAQ hinzufügen', edit: 'FAQ bearbeiten', show: 'FAQ' },
      validation: { question_required: 'Bitte geben Sie eine Frage ein', answer_required: 'Bitte geben Sie eine Antwort ein' },
    },
  },
} satisfies Messages;

export default content;
