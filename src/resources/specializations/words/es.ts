import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The specializations module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    specializations: {
      name: 'Especialidad |||| Especialidades',
      fields: { title: 'Nombre' },
      action: { create: 'Añadir especialidades' },
      page: { list: 'Especialidades', create: 'Añadir especialidad', edit: 'Editar especialidad' },
    },
  },
} satisfies Translation<typeof en>;
