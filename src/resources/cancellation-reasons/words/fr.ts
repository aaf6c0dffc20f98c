import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cancellation-reasons module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    'cancellation-reasons': {
      name: 'Motif d’annulation |||| Motifs d’annulation',
      fields: {
        name: 'Motif',
      },
      action: {
        create: 'Ajouter un motif',
      },
      page: {
        list: 'Motifs d’annulation',
        create: 'Ajouter un motif',
        edit: 'Modifier le motif',
      },
      validation: {
        name_required: 'Veuillez indiquer un motif.',
      },
    },
  },
} satisfies Translation<typeof en>;
