import type { Messages } from '../../../i18n/messages';

/** The categories module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    categories: {
      name: 'Category |||| Categories',
      fields: { title: 'Name', file: 'File', kind: 'Type' },
      action: { create: 'Add Category' },
      page: { list: 'Categories', create: 'Add Category', edit: 'Edit Category' },
      kinds: { image: 'Image', audio: 'Audio' },
      validation: { file_format: 'File format not supported. JPG/JPEG/PNG/MP3', file_required: 'Please select a file.' },
    },
  },
} satisfies Messages;

export default words;
