import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The health-literacy-content module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    'health-literacy-content': {
      name: 'Contenido de alfabetización en salud |||| Contenidos de alfabetización en salud',
      fields: {
        title: 'Título',
        type: 'Tipo',
        category_id: 'Categoría',
        desc: 'Descripción',
        tags: 'Etiquetas',
        file: 'Archivo',
        thumbnail: 'Miniatura',
        status: 'Estado',
        created_at: 'Fecha de creación',
      },
      action: { create: 'Añadir contenido' },
      page: {
        list: 'Alfabetización en salud',
        create: 'Añadir contenido de alfabetización en salud',
        edit: 'Editar contenido de alfabetización en salud',
        show: 'Contenido de alfabetización en salud',
      },
      types: {
        image: 'Imagen',
        pdf: 'PDF',
        video: 'Vídeo',
      },
      tags_help: 'Separe las etiquetas con comas; Intro o una coma las añade.',
      tags_added: 'Etiquetas añadidas',
      remove_tag: 'Quitar la etiqueta %{tag}',
      open_pdf: 'Abrir el PDF en una pestaña nueva',
      validation: {
        type_required: 'Seleccione un tipo.',
        category_required: 'Seleccione una categoría.',
        title_required: 'Indique un título.',
        desc_required: 'Indique una descripción.',
        tags_required: 'Indique al menos una etiqueta.',
        file_required: 'Seleccione un archivo.',
        thumbnail_required: 'Seleccione una miniatura.',
        format_image: 'Formato de archivo no admitido. JPG/JPEG/PNG',
        format_pdf: 'Formato de archivo no admitido. PDF',
        format_video: 'Formato de archivo no admitido. Vídeo',
        format_any: 'Formato de archivo no admitido. JPG/JPEG/PNG/MP4/PDF',
      },
    },
  },
} satisfies Translation<typeof en>;
