import type { Messages } from '../messages';

/** Pages and FAQs, Português (BR): merged into pt.ts. */
const content = {
  resources: {
    pages: {
      name: 'Página |||| Páginas',
      fields: { key: 'Nome', value: 'Descrição', created_at: 'Data de criação', updated_at: 'Data de atualização' },
      action: { create: 'Adicionar página' },
      page: { list: 'Páginas', create: 'Adicionar página', edit: 'Editar página', show: 'Página' },
      keys: { privacy_policy: 'Política de Privacidade', terms: 'Termos e Condições' },
      not_written: 'Esta página ainda não foi escrita.',
      validation: { key_required: 'Selecione um tipo', value_required: 'Informe uma descrição' },
    },
    faqs: {
      name: 'Pergunta frequente |||| Perguntas frequentes',
      fields: { question: 'Pergunta', answer: 'Resposta', created_at: 'Data de criação' },
      action: { create: 'Adicionar pergunta frequente' },
      page: { list: 'Perguntas frequentes', create: 'Adicionar pergunta frequente', edit: 'Editar pergunta frequente', show: 'Pergunta frequente' },
      validation: { question_required: 'Informe uma pergunta', answer_required: 'Informe uma resposta' },
    },
  },
} satisfies Messages;

export default content;
