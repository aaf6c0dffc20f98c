import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The faqs module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    faqs: {
      name: 'Pergunta frequente |||| Perguntas frequentes',
      fields: { id: 'ID', question: 'Pergunta', answer: 'Resposta', created_at: 'Data de criação' },
      action: { create: 'Adicionar pergunta frequente' },
      page: { list: 'Perguntas frequentes', create: 'Adicionar pergunta frequente', edit: 'Editar pergunta frequente', show: 'Pergunta frequente' },
      validation: { question_required: 'Informe uma pergunta', answer_required: 'Informe uma resposta' },
    },
  },
} satisfies Translation<typeof en>;
