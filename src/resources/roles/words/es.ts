import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The roles module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    roles: {
      name: 'Rol |||| Roles',
      fields: {
        name: 'Nombre',
        permissions: 'Permisos',
        permissions_count: 'Permisos',
      },
      action: { create: 'Añadir rol' },
      page: { list: 'Roles', create: 'Añadir rol', edit: 'Editar rol' },
      select_all: 'Seleccionar todo',
      modules: {
        sub_admin: 'Administradores',
        role: 'Roles',
        doctor: 'Médicos',
        chw: 'Agentes comunitarios de salud',
        app_user: 'Pacientes',
        task: 'Tareas',
        hlc: 'Contenido de alfabetización en salud',
        campaign: 'Campañas',
        form: 'Formularios de encuesta',
        facility_center: 'Centros de salud',
        location: 'Ubicaciones',
        qualification: 'Titulaciones',
        specialization: 'Especialidades',
        page: 'Páginas',
        faq: 'Preguntas frecuentes',
        setting: 'Ajustes',
        feedback: 'Comentarios',
        support: 'Soporte',
        notification: 'Notificaciones',
        activity: 'Actividad',
      },
      actions: {
        view: 'Ver',
        create: 'Crear',
        edit: 'Editar',
        delete: 'Eliminar',
        view_activity_doctor: 'Ver médico',
        create_activity_chw: 'Ver agente comunitario',
      },
    },
  },
} satisfies Translation<typeof en>;
