import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The qualifications module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    qualifications: {
      name: 'Diplôme |||| Diplômes',
      fields: { title: 'Nom' },
      action: { create: 'Ajouter des diplômes' },
      page: { list: 'Diplômes', create: 'Ajouter un diplôme', edit: 'Modifier le diplôme' },
    },
  },
} satisfies Translation<typeof en>;
