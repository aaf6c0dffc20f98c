import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The dynamic-forms module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    'dynamic-forms': {
      name: 'Formulário dinâmico |||| Formulários dinâmicos',
      fields: {
        title: 'Título do formulário',
        created_at: 'Data de criação',
        submissions_count: 'Envios',
        status: 'Status',
        version: 'Versão',
        questions: 'Perguntas',
        question: 'Pergunta %{n}',
        question_title: 'Título da pergunta',
        type: 'Tipo',
        choose_type: 'Escolha um tipo',
        is_required: 'Obrigatória',
        options: 'Opções',
        option: 'Opção %{n}',
      },
      types: { text: 'Texto', checkbox: 'Caixas de seleção', radio: 'Escolha única', date: 'Data' },
      action: {
        create: 'Adicionar formulário dinâmico',
        add_question: 'Adicionar pergunta',
        remove_question: 'Remover a pergunta %{n}',
        add_more: 'Adicionar mais',
        remove_option: 'Remover a opção %{n}',
        export: 'Exportar respostas',
      },
      page: { list: 'Formulários dinâmicos', create: 'Adicionar formulário dinâmico', edit: 'Editar formulário dinâmico', show: 'Formulário dinâmico' },
      message: {
        invalid: 'Preencha os campos obrigatórios.',
        save_failed: 'Erro ao salvar os dados.',
        add_question_hint: 'Primeiro dê um título e um tipo à última pergunta.',
        answered: 'Esta pergunta já tem respostas. Alterá-la mantém as respostas com a versão atual e cria uma nova versão da pergunta.',
        submissions: '%{smart_count} envio |||| %{smart_count} envios',
      },
      validation: {
        title_required: 'O título do formulário é obrigatório',
        question_title: 'O título da pergunta %{n} é obrigatório',
        type_required: 'O tipo de opções é obrigatório',
        option_title: 'O título da opção %{n} é obrigatório',
      },
    },
  },
} satisfies Translation<typeof en>;
