import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The supports module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    supports: {
      name: 'Pedido de suporte |||| Pedidos de suporte',
      fields: {
        id: 'ID',
        user: 'Nome do usuário',
        msg: 'Mensagem',
        status: 'Status',
        reply: 'Resposta',
        created_at: 'Data de criação',
      },
      page: {
        list: 'Suporte',
        edit: 'Responder pedido de suporte',
        show: 'Pedido de suporte',
      },
      statuses: {
        Open: 'Aberto',
        Resolved: 'Resolvido',
      },
      kinds: {
        patient: 'Paciente',
        chw: 'Agente comunitário de saúde',
        doctor: 'Médico',
        family: 'Familiar',
      },
      no_reply: 'Ainda sem resposta.',
      reply_help: 'O usuário vê esta resposta no aplicativo.',
      validation: {
        status_required: 'Selecione um status.',
      },
    },
  },
} satisfies Translation<typeof en>;
