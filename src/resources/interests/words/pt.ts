import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The interests module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    interests: {
      name: 'Interesse |||| Interesses',
      fields: { title: 'Título' },
      action: { create: 'Adicionar interesse' },
      page: { list: 'Interesses', create: 'Adicionar interesse', edit: 'Editar interesse' },
      validation: { title_required: 'Informe um interesse.' },
    },
  },
} satisfies Translation<typeof en>;
