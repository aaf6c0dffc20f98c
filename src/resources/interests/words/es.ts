import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The interests module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    interests: {
      name: 'Interés |||| Intereses',
      fields: { title: 'Título' },
      action: { create: 'Añadir interés' },
      page: { list: 'Intereses', create: 'Añadir interés', edit: 'Editar interés' },
      validation: { title_required: 'Introduzca un interés.' },
    },
  },
} satisfies Translation<typeof en>;
