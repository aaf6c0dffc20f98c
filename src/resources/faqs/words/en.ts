import type { Messages } from '../../../i18n/messages';

/** The faqs module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    faqs: {
      name: 'FAQ |||| FAQs',
      fields: { id: 'ID', question: 'Question', answer: 'Answer', created_at: 'Created Date' },
      action: { create: 'Add FAQ' },
      page: { list: 'FAQs', create: 'Add FAQ', edit: 'Edit FAQ', show: 'FAQ' },
      validation: { question_required: 'Please provide a question', answer_required: 'Please provide a answer' },
    },
  },
} satisfies Messages;

export default words;
