import type { Messages } from '../../../i18n/messages';

/** The pages module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    pages: {
      name: 'Page |||| Pages',
      fields: { id: 'ID', key: 'Name', value: 'Description', created_at: 'Created Date', updated_at: 'Updated Date' },
      action: { create: 'Add Page' },
      page: { list: 'Pages', create: 'Add Page', edit: 'Edit Page', show: 'Page' },
      keys: { privacy_policy: 'Privacy Policy', terms: 'Terms & Conditions' },
      not_written: 'This page has not been written yet.',
      validation: { key_required: 'Please select a type', value_required: 'Please provide a Description' },
    },
  },
} satisfies Messages;

export default words;
