import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The user-messages module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    'user-messages': {
      name: 'Mensagem aos usuários |||| Mensagens aos usuários',
      fields: {
        type: 'Tipo',
        title: 'Título',
        survey_id: 'Formulário de pesquisa',
        knowledge_id: 'Conhecimento',
        text: 'Texto',
        interest_ids: 'Interesses',
        from_age: 'Idade mínima',
        to_age: 'Idade máxima',
        district_id: 'Distrito',
        tehsil_id: 'Tehsil',
        total_users: 'Total de usuários',
        status: 'Status',
        created_at: 'Data de envio',
        full_name: 'Nome',
        is_view: 'Visualizado',
        recipient_status: 'Status',
        submitted_date: 'Data da resposta',
      },
      types: { Survey: 'Pesquisa', Booking: 'Agendamento', Knowledge: 'Conhecimento', General: 'Geral' },
      recipient_statuses: { Pending: 'Pendente', Submitted: 'Respondido' },
      viewed: { yes: 'Visto', no: 'Não visto' },
      action: { create: 'Adicionar mensagem aos usuários' },
      page: {
        list: 'Mensagens aos usuários',
        create: 'Adicionar mensagem aos usuários',
        edit: 'Editar mensagem aos usuários',
        show: 'Mensagem aos usuários',
      },
      recipients: 'Destinatários',
      recipients_count: '%{smart_count} destinatário |||| %{smart_count} destinatários',
      no_recipients: 'Nenhum paciente corresponde a esta mensagem ainda.',
      ages: 'Idades de %{from} a %{to}',
      all_ages: 'Todas as idades',
      age_hint: 'Deixe as duas idades em branco para alcançar todas as idades.',
      validation: {
        type_required: 'Selecione um tipo',
        survey_required: 'Selecione um formulário',
        knowledge_required: 'Selecione um conteúdo de conhecimento',
        text_required: 'Informe um texto',
        interest_required: 'Selecione um interesse',
        title_required: 'Informe um título',
        from_age_required: 'Selecione a idade mínima',
        to_age_required: 'Selecione a idade máxima',
        age_order: 'A idade máxima não pode ser menor que a idade mínima.',
      },
    },
  },
} satisfies Translation<typeof en>;
