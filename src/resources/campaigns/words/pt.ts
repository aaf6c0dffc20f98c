import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The campaigns module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    campaigns: {
      name: 'Campanha |||| Campanhas',
      fields: {
        title: 'Título',
        session: 'Período',
        start_date: 'Data inicial',
        end_date: 'Data final',
        district_id: 'Distrito',
        tehsil_id: 'Tehsil',
        file: 'Imagem ou PDF',
        status: 'Status',
        created_at: 'Data de criação',
      },
      action: { create: 'Adicionar campanha' },
      page: { list: 'Campanhas', create: 'Adicionar campanha', edit: 'Editar campanha', show: 'Campanha' },
      tasks: 'Tarefas desta campanha',
      no_tasks: 'Nenhuma tarefa aponta para esta campanha ainda.',
      place: 'Local',
      validation: {
        title_required: 'Informe um título.',
        start_required: 'Selecione uma data inicial.',
        end_required: 'Selecione uma data final.',
        file_format: 'Formato de arquivo não suportado. JPG/JPEG/PNG/PDF',
        file_required: 'Selecione um arquivo.',
      },
    },
  },
} satisfies Translation<typeof en>;
