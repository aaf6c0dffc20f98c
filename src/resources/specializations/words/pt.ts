import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The specializations module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    specializations: {
      name: 'Especialidade |||| Especialidades',
      fields: { title: 'Nome' },
      action: { create: 'Adicionar especialidades' },
      page: { list: 'Especialidades', create: 'Adicionar especialidade', edit: 'Editar especialidade' },
    },
  },
} satisfies Translation<typeof en>;
