import type { Messages } from '../../../i18n/messages';

/** The health-literacy-content module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    'health-literacy-content': {
      name: 'Health Literacy Content |||| Health Literacy Content',
      fields: {
        title: 'Title',
        type: 'Type',
        category_id: 'Category',
        desc: 'Description',
        tags: 'Tags',
        file: 'File',
        thumbnail: 'Thumbnail',
        status: 'Status',
        created_at: 'Created Date',
      },
      action: { create: 'Add Content' },
      page: { list: 'Health Literacy Content', create: 'Add Health Literacy Content', edit: 'Edit Health Literacy Content', show: 'Health Literacy Content' },
      types: { image: 'Image', pdf: 'PDF', video: 'Video' },
      tags_help: 'Separate tags with commas; Enter or a comma adds them.',
      tags_added: 'Tags added',
      remove_tag: 'Remove the tag %{tag}',
      open_pdf: 'Open the PDF in a new tab',
      validation: {
        type_required: 'Please select a type.',
        category_required: 'Please select a category.',
        title_required: 'Please provide a title.',
        desc_required: 'Please provide a description.',
        tags_required: 'Please provide at least one tag.',
        file_required: 'Please select a file.',
        thumbnail_required: 'Please select a thumbnail.',
        format_image: 'File format not supported. JPG/JPEG/PNG',
        format_pdf: 'File format not supported. PDF',
        format_video: 'File format not supported. Video',
        format_any: 'File format not supported. JPG/JPEG/PNG/MP4/PDF',
      },
    },
  },
} satisfies Messages;

export default words;
