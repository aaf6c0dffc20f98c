import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The specializations module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    specializations: {
      name: 'Spécialité |||| Spécialités',
      fields: { title: 'Nom' },
      action: { create: 'Ajouter des spécialités' },
      page: { list: 'Spécialités', create: 'Ajouter une spécialité', edit: 'Modifier la spécialité' },
    },
  },
} satisfies Translation<typeof en>;
