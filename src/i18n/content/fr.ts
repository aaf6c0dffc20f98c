import type { Messages } from '../messages';

/** Pages and FAQs, Français: merged into fr.ts. */
const content = {
  resources: {
    pages: {
      name: 'Page |||| Pages',
      fields: { key: 'Nom', value: 'Description', created_at: 'Date de création', updated_at: 'Date de mise à jour' },
      action: { create: 'Ajouter une page' },
      page: { list: 'Pages', create: 'Ajouter une page', edit: 'Modifier la page', show: 'Page' },
      keys: { privacy_policy: 'Politique de confidentialité', terms: 'Conditions générales' },
      not_written: 'Cette page n\'a pas encore été rédigée.',
      validation: { key_required: 'Veuillez choisir un type', value_required: 'Veuillez saisir une description' },
    },
    faqs: {
      name: 'FAQ |||| FAQ',
      fields: { question: 'Question', answer: 'Réponse', created_at: 'Date de création' },
      action: { create: 'Ajouter une FAQ' },
      page: { list: 'FAQ', create: 'Ajouter une FAQ', edit: 'Modifier la FAQ', show: 'FAQ' },
      validation: { question_required: 'Veuillez saisir une question', answer_required: 'Veuillez saisir une réponse' },
    },
  },
} satisfies Messages;

export default content;
