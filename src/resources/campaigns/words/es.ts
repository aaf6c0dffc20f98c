import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The campaigns module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    campaigns: {
      name: 'Campaña |||| Campañas',
      fields: {
        title: 'Título',
        session: 'Periodo',
        start_date: 'Fecha de inicio',
        end_date: 'Fecha de fin',
        district_id: 'Distrito',
        tehsil_id: 'Tehsil',
        file: 'Imagen o PDF',
        status: 'Estado',
        created_at: 'Fecha de creación',
      },
      action: { create: 'Añadir campaña' },
      page: { list: 'Campañas', create: 'Añadir campaña', edit: 'Editar campaña', show: 'Campaña' },
      tasks: 'Tareas de esta campaña',
      no_tasks: 'Todavía ninguna tarea apunta a esta campaña.',
      place: 'Ubicación',
      validation: {
        title_required: 'Introduzca un título.',
        start_required: 'Seleccione una fecha de inicio.',
        end_required: 'Seleccione una fecha de fin.',
        file_format: 'Formato de archivo no admitido. JPG/JPEG/PNG/PDF',
        file_required: 'Seleccione un archivo.',
      },
    },
  },
} satisfies Translation<typeof en>;
