import type { Messages } from '../messages';

/** The audit log, Spanish: merged into es.ts. */
const audit = {
  resources: {
    'audit-log': {
      name: 'Entrada de auditoría |||| Registro de auditoría',
      menu: 'Registro de auditoría',
      page: { list: 'Registro de auditoría' },
      fields: { created_at: 'Cuándo', actor: 'Quién', action: 'Acción', resource: 'Registro', ip: 'Dirección IP' },
      changes: 'Cambios',
      field: 'Campo',
      before: 'Antes',
      after: 'Después',
      value: 'Valor',
      no_changes: 'No se registraron valores de campos.',
      no_actor: 'Aplicación de campo o servidor',
      filter_by_admin: 'Mostrar solo lo que hizo %{name}',
      admin_chip: 'Administrador: %{name}',
      actions: {
        create: 'Creó',
        update: 'Actualizó',
        updated: 'Actualizó',
        delete: 'Eliminó',
        status: 'Cambió el estado',
        read: 'Consultó',
        export: 'Exportó',
        import: 'Importó',
        upload: 'Subió un archivo',
        send: 'Envió una notificación',
        login: 'Inició sesión',
        logout: 'Cerró sesión',
        login_failed: 'Inicio de sesión fallido',
        login_blocked: 'Inicio de sesión bloqueado',
        password_reset: 'Restableció la contraseña',
        password_reset_requested: 'Pidió restablecer la contraseña',
        change_password: 'Cambió la contraseña',
        update_profile: 'Actualizó el perfil',
        deny: 'Rechazado',
        file_read: 'Abrió un archivo',
        field_login: 'Inició sesión (app)',
        field_login_failed: 'Inicio de sesión fallido (app)',
        field_create: 'Enviado desde la app',
        field_reach: 'Actualizó lugar e intereses (app)',
        field_password_reset: 'Restableció la contraseña (app)',
        field_password_reset_requested: 'Pidió restablecer la contraseña (app)',
        task_status: 'Estado de la tarea (app)',
        form_submission: 'Respondió una encuesta (app)',
      },
    },
  },
} satisfies Messages;

export default audit;
