import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The districts module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    districts: {
      name: 'Distrito |||| Distritos',
      fields: { title: 'Nome' },
      action: { create: 'Adicionar distrito' },
      page: { list: 'Distritos', create: 'Adicionar distrito', edit: 'Editar distrito' },
    },
  },
} satisfies Translation<typeof en>;
