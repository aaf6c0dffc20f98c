import type { Messages } from '../../../i18n/messages';

/** The dynamic-forms module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    'dynamic-forms': {
      name: 'Dynamic Form |||| Dynamic Forms',
      fields: {
        title: 'Form Title',
        created_at: 'Created Date',
        submissions_count: 'Submissions',
        status: 'Status',
        version: 'Version',
        questions: 'Questions',
        question: 'Question %{n}',
        question_title: 'Question Title',
        type: 'Type',
        choose_type: 'Choose a type',
        is_required: 'Required',
        options: 'Options',
        option: 'Option %{n}',
      },
      types: { text: 'Text', checkbox: 'Checkbox', radio: 'Radio', date: 'Date' },
      action: {
        create: 'Add Dynamic Form',
        add_question: 'Add question',
        remove_question: 'Remove question %{n}',
        add_more: 'Add more',
        remove_option: 'Remove option %{n}',
        export: 'Export answers',
      },
      page: { list: 'Dynamic Forms', create: 'Add Dynamic Form', edit: 'Edit Dynamic Form', show: 'Dynamic Form' },
      message: {
        invalid: 'Fill the required fields.',
        save_failed: 'Error saving data.',
        add_question_hint: 'Give the last question a title and a type first.',
        answered: 'This question already has answers. Changing it keeps them with the current version and adds a new version of the question.',
        submissions: '%{smart_count} submission |||| %{smart_count} submissions',
      },
      validation: {
        title_required: 'Form Title is required',
        question_title: 'Question %{n} Title is required',
        type_required: 'Options Type is required',
        option_title: 'Option %{n} Title is required',
      },
    },
  },
} satisfies Messages;

export default words;
