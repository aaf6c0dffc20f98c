import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The cities module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    cities: {
      name: 'Ciudad |||| Ciudades',
      menu: 'Ciudad',
      fields: { title: 'Título' },
      action: { create: 'Añadir ciudad' },
      page: { list: 'Ciudad', create: 'Añadir ciudad', edit: 'Editar ciudad' },
    },
  },
} satisfies Translation<typeof en>;
