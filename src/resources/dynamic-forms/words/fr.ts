import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The dynamic-forms module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    'dynamic-forms': {
      name: 'Formulaire dynamique |||| Formulaires dynamiques',
      fields: {
        title: 'Titre du formulaire',
        created_at: 'Date de création',
        submissions_count: 'Réponses reçues',
        status: 'Statut',
        version: 'Version',
        questions: 'Questions',
        question: 'Question %{n}',
        question_title: 'Titre de la question',
        type: 'Type',
        choose_type: 'Choisir un type',
        is_required: 'Obligatoire',
        options: 'Options',
        option: 'Option %{n}',
      },
      types: { text: 'Texte', checkbox: 'Cases à cocher', radio: 'Choix unique', date: 'Date' },
      action: {
        create: 'Ajouter un formulaire dynamique',
        add_question: 'Ajouter une question',
        remove_question: 'Supprimer la question %{n}',
        add_more: 'Ajouter plus',
        remove_option: 'Supprimer l’option %{n}',
        export: 'Exporter les réponses',
      },
      page: { list: 'Formulaires dynamiques', create: 'Ajouter un formulaire dynamique', edit: 'Modifier le formulaire dynamique', show: 'Formulaire dynamique' },
      message: {
        invalid: 'Remplissez les champs obligatoires.',
        save_failed: 'Erreur lors de l’enregistrement des données.',
        add_question_hint: 'Donnez d’abord un titre et un type à la dernière question.',
        answered: 'Cette question a déjà des réponses. La modifier les conserve avec la version actuelle et crée une nouvelle version de la question.',
        submissions: '%{smart_count} réponse reçue |||| %{smart_count} réponses reçues',
      },
      validation: {
        title_required: 'Le titre du formulaire est obligatoire',
        question_title: 'Le titre de la question %{n} est obligatoire',
        type_required: 'Le type d’options est obligatoire',
        option_title: 'Le titre de l’option %{n} est obligatoire',
      },
    },
  },
} satisfies Translation<typeof en>;
