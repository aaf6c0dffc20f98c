import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The qualifications module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    qualifications: {
      name: 'Titulación |||| Titulaciones',
      fields: { title: 'Nombre' },
      action: { create: 'Añadir titulaciones' },
      page: { list: 'Titulaciones', create: 'Añadir titulación', edit: 'Editar titulación' },
    },
  },
} satisfies Translation<typeof en>;
