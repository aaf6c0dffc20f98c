import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The faqs module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    faqs: {
      name: 'FAQ |||| FAQ',
      fields: { id: 'ID', question: 'Question', answer: 'Réponse', created_at: 'Date de création' },
      action: { create: 'Ajouter une FAQ' },
      page: { list: 'FAQ', create: 'Ajouter une FAQ', edit: 'Modifier la FAQ', show: 'FAQ' },
      validation: { question_required: 'Veuillez saisir une question', answer_required: 'Veuillez saisir une réponse' },
    },
  },
} satisfies Translation<typeof en>;
