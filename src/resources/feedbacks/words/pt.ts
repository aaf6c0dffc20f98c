import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The feedbacks module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    feedbacks: {
      name: 'Avaliação |||| Avaliações',
      fields: {
        user: 'Nome do usuário',
        doctor: 'Nome do médico',
        msg: 'Mensagem',
        rating: 'Nota',
        dated_at: 'Data',
        status: 'Status',
        note: 'Nota da equipe',
        created_at: 'Data de criação',
      },
      page: {
        list: 'Avaliações',
        edit: 'Revisar avaliação',
        show: 'Avaliação',
      },
      stars: 'Nota: %{smart_count} de 5',
      statuses: {
        New: 'Nova',
        Reviewed: 'Revisada',
      },
      note_help: 'O que a equipe fez a respeito; o paciente não vê isto.',
      validation: {
        status_required: 'Selecione um status.',
      },
    },
  },
} satisfies Translation<typeof en>;
