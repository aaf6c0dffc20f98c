import type { Messages } from '../messages';

/** Pages and FAQs, English: merged into en.ts. */
const content = {
  resources: {
    pages: {
      name: 'Page |||| Pages',
      fields: { key: 'Name', value: 'Description', created_at: 'Created Date', updated_at: 'Updated Date' },
      action: { create: 'Add Page' },
      page: { list: 'Pages', create: 'Add Page', edit: 'Edit Page', show: 'Page' },
      keys: { privacy_policy: 'Privacy Policy', terms: 'Terms & Conditions' },
      not_written: 'This page has not been written yet.',
      validation: { key_required: 'Please select a type', value_required: 'Please provide a Description' },
    },
    faqs: {
      name: 'FAQ |||| FAQs',
      fields: { question: 'Question', answer: 'Answer', created_at: 'Created Date' },
      action: { create: 'Add FAQ' },
      page: { list: 'FAQs', create: 'Add FAQ', edit: 'Edit FAQ', show: 'FAQ' },
      validation: { question_required: 'Please provide a question', answer_required: 'Please provide a answer' },
    },
  },
} satisfies Messages;

export default content;
