import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cities module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    cities: {
      name: 'Cidade |||| Cidades',
      menu: 'Cidade',
      fields: { title: 'Título' },
      action: { create: 'Adicionar cidade' },
      page: { list: 'Cidade', create: 'Adicionar cidade', edit: 'Editar cidade' },
    },
  },
} satisfies Translation<typeof en>;
