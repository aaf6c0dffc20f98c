import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The qualifications module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    qualifications: {
      name: 'Formação |||| Formações',
      fields: { title: 'Nome' },
      action: { create: 'Adicionar formações' },
      page: { list: 'Formações', create: 'Adicionar formação', edit: 'Editar formação' },
    },
  },
} satisfies Translation<typeof en>;
