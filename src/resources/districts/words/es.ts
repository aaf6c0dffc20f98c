import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The districts module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    districts: {
      name: 'Distrito |||| Distritos',
      fields: { title: 'Nombre' },
      action: { create: 'Añadir distrito' },
      page: { list: 'Distritos', create: 'Añadir distrito', edit: 'Editar distrito' },
    },
  },
} satisfies Translation<typeof en>;
