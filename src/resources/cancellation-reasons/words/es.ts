import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cancellation-reasons module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    'cancellation-reasons': {
      name: 'Motivo de cancelación |||| Motivos de cancelación',
      fields: {
        name: 'Motivo',
      },
      action: {
        create: 'Añadir motivo',
      },
      page: {
        list: 'Motivos de cancelación',
        create: 'Añadir motivo',
        edit: 'Editar motivo',
      },
      validation: {
        name_required: 'Indique un motivo.',
      },
    },
  },
} satisfies Translation<typeof en>;
