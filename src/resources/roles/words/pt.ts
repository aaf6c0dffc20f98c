import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The roles module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    roles: {
      name: 'Perfil de acesso |||| Perfis de acesso',
      fields: {
        name: 'Nome',
        permissions: 'Permissões',
        permissions_count: 'Permissões',
      },
      action: { create: 'Adicionar perfil de acesso' },
      page: { list: 'Perfis de acesso', create: 'Adicionar perfil de acesso', edit: 'Editar perfil de acesso' },
      select_all: 'Selecionar tudo',
      modules: {
        sub_admin: 'Administradores',
        role: 'Perfis de acesso',
        doctor: 'Médicos',
        chw: 'Agentes comunitários de saúde',
        app_user: 'Pacientes',
        task: 'Tarefas',
        hlc: 'Conteúdo de letramento em saúde',
        campaign: 'Campanhas',
        form: 'Formulários de pesquisa',
        facility_center: 'Unidades de saúde',
        location: 'Locais',
        qualification: 'Formações',
        specialization: 'Especialidades',
        page: 'Páginas',
        faq: 'Perguntas frequentes',
        setting: 'Configurações',
        feedback: 'Opiniões',
        support: 'Suporte',
        notification: 'Notificações',
        activity: 'Atividade',
      },
      actions: {
        view: 'Visualizar',
        create: 'Criar',
        edit: 'Editar',
        delete: 'Excluir',
        view_activity_doctor: 'Ver médico',
        create_activity_chw: 'Ver agente comunitário',
      },
    },
  },
} satisfies Translation<typeof en>;
