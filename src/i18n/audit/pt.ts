import type { Messages } from '../messages';

/** The audit log, Portuguese (Brazil): merged into pt.ts. */
const audit = {
  resources: {
    'audit-log': {
      name: 'Registro de auditoria |||| Log de auditoria',
      menu: 'Log de auditoria',
      page: { list: 'Log de auditoria' },
      fields: { created_at: 'Quando', actor: 'Quem', action: 'Ação', resource: 'Registro', ip: 'Endereço IP' },
      changes: 'Alterações',
      field: 'Campo',
      before: 'Antes',
      after: 'Depois',
      value: 'Valor',
      no_changes: 'Nenhum valor de campo registrado.',
      no_actor: 'Aplicativo de campo ou servidor',
      filter_by_admin: 'Mostrar só o que %{name} fez',
      admin_chip: 'Administrador: %{name}',
      actions: {
        create: 'Criou',
        update: 'Atualizou',
        updated: 'Atualizou',
        delete: 'Excluiu',
        status: 'Mudou o status',
        read: 'Visualizou',
        export: 'Exportou',
        import: 'Importou',
        upload: 'Enviou um arquivo',
        send: 'Enviou uma notificação',
        login: 'Entrou',
        logout: 'Saiu',
        login_failed: 'Falha ao entrar',
        login_blocked: 'Entrada bloqueada',
        password_reset: 'Redefiniu a senha',
        password_reset_requested: 'Pediu redefinição de senha',
        change_password: 'Alterou a senha',
        update_profile: 'Atualizou o perfil',
        deny: 'Recusado',
        file_read: 'Abriu um arquivo',
        field_login: 'Entrou (app)',
        field_login_failed: 'Falha ao entrar (app)',
        field_create: 'Enviado pelo app',
        field_reach: 'Atualizou local e interesses (app)',
        field_password_reset: 'Redefiniu a senha (app)',
        field_password_reset_requested: 'Pediu redefinição de senha (app)',
        task_status: 'Status da tarefa (app)',
        form_submission: 'Respondeu a uma pesquisa (app)',
      },
    },
  },
} satisfies Messages;

export default audit;
