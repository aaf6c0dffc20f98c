import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The tehsils module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    tehsils: {
      name: 'Tehsil |||| Tehsils',
      fields: {
        title: 'Nome',
        district_id: 'Selecione o distrito...',
        district: { title: 'Distrito' },
      },
      action: { create: 'Adicionar tehsil' },
      page: { list: 'Tehsils', create: 'Adicionar tehsil', edit: 'Editar tehsil' },
    },
  },
} satisfies Translation<typeof en>;
