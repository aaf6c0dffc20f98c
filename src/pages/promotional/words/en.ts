import type { Messages } from '../../../i18n/messages';

/** The promotional module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    promotional: {
      menu: 'Promotional',
      title: 'Promotional',
      preview: 'Preview site',
      preview_label: 'Preview site (opens in a new tab)',
      tabs_label: 'Promotional sections',
      tabs: {
        logo: 'Logo',
        banner: 'Banner',
        about: 'About',
        sliders: 'Sliders',
        how_it_works: 'How It Works',
        testimonials: 'Testimonials',
      },
      fields: {
        logo: 'Logo',
        desc: 'Description',
        background_image: 'Background Image',
        center_image: 'Center Image',
        person_image: 'Person Image',
        about_title: 'About Title',
        heading: 'Heading',
        title: 'Title',
        video: 'Video (MP4)',
        slider: 'Slider Image',
        name: 'Name',
        text: 'Text',
      },
      about: {
        boxes: 'Boxes',
        box: 'Box %{n}',
        box_title: 'Box %{n} title',
        box_desc: 'Box %{n} description',
        box_image: 'Box %{n} image',
        analytics: 'Analytics',
        analytic: 'Analytics %{n}',
        value: 'Value %{n}',
        key: 'Key %{n}',
      },
      columns: {
        image: 'Image',
        added: 'Added',
      },
      actions: 'Actions',
      add: 'Add',
      delete_label: 'Delete %{name}',
      slider_of: 'Slider image of %{date}',
      uploading: 'Upload progress',
      load_failed: 'The promotional content could not be loaded.',
      validation: {
        image_format: 'File format not supported. JPG/JPEG/PNG',
        video_format: 'File format not supported. MP4 Only',
        file_required: 'Please select a file.',
        description_required: 'Please provide a description.',
        title_required: 'Please provide a title.',
        heading_required: 'Please provide a heading.',
        value_required: 'Please provide a value.',
        key_required: 'Please provide a key.',
        name_required: 'Please provide a Name.',
        text_required: 'Please provide a text.',
      },
    },
  },
} satisfies Messages;

export default words;
