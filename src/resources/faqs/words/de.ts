import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The faqs module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    faqs: {
      name: 'FAQ |||| FAQs',
      fields: { id: 'ID', question: 'Frage', answer: 'Antwort', created_at: 'Erstellt am' },
      action: { create: 'FAQ hinzufügen' },
      page: { list: 'FAQs', create: 'FAQ hinzufügen', edit: 'FAQ bearbeiten', show: 'FAQ' },
      validation: { question_required: 'Bitte geben Sie eine Frage ein', answer_required: 'Bitte geben Sie eine Antwort ein' },
    },
  },
} satisfies Translation<typeof en>;
