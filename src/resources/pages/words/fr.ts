import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The pages module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    pages: {
      name: 'Page |||| Pages',
      fields: { id: 'ID', key: 'Nom', value: 'Description', created_at: 'Date de création', updated_at: 'Date de mise à jour' },
      action: { create: 'Ajouter une page' },
      page: { list: 'Pages', create: 'Ajouter une page', edit: 'Modifier la page', show: 'Page' },
      keys: { privacy_policy: 'Politique de confidentialité', terms: 'Conditions générales' },
      not_written: 'Cette page n\'a pas encore été rédigée.',
      validation: { key_required: 'Veuillez choisir un type', value_required: 'Veuillez saisir une description' },
    },
  },
} satisfies Translation<typeof en>;
