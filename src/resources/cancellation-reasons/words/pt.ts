import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cancellation-reasons module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    'cancellation-reasons': {
      name: 'Motivo de cancelamento |||| Motivos de cancelamento',
      fields: {
        name: 'Motivo',
      },
      action: {
        create: 'Adicionar motivo',
      },
      page: {
        list: 'Motivos de cancelamento',
        create: 'Adicionar motivo',
        edit: 'Editar motivo',
      },
      validation: {
        name_required: 'Informe um motivo.',
      },
    },
  },
} satisfies Translation<typeof en>;
