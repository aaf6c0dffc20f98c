import type { Messages } from '../messages';

/** The Promotional screen, Español: merged into es.ts. */
const promotional = {
  resources: {
    promotional: {
      menu: 'Promocional',
      title: 'Promocional',
      preview: 'Ver el sitio',
      preview_label: 'Ver el sitio (se abre en una pestaña nueva)',
      tabs_label: 'Secciones promocionales',
      tabs: {
        logo: 'Logotipo',
        banner: 'Banner',
        about: 'Acerca de',
        sliders: 'Carrusel',
        how_it_works: 'Cómo funciona',
        testimonials: 'Testimonios',
      },
      fields: {
        logo: 'Logotipo',
        desc: 'Descripción',
        background_image: 'Imagen de fondo',
        center_image: 'Imagen central',
        person_image: 'Imagen de persona',
        about_title: 'Título de «Acerca de»',
        heading: 'Encabezado',
        title: 'Título',
        video: 'Vídeo (MP4)',
        slider: 'Imagen del carrusel',
        name: 'Nombre',
        text: 'Texto',
      },
      about: {
        boxes: 'Recuadros',
        box: 'Recuadro %{n}',
        box_title: 'Título del recuadro %{n}',
        box_desc: 'Descripción del recuadro %{n}',
        box_image: 'Imagen del recuadro %{n}',
        analytics: 'Cifras',
        analytic: 'Cifra %{n}',
        value: 'Valor %{n}',
        key: 'Etiqueta %{n}',
      },
      columns: {
        image: 'Imagen',
        added: 'Añadida',
      },
      actions: 'Acciones',
      add: 'Añadir',
      delete_label: 'Eliminar %{name}',
      slider_of: 'Imagen del carrusel del %{date}',
      uploading: 'Progreso de la subida',
      load_failed: 'No se pudo cargar el contenido promocional.',
      validation: {
        image_format: 'Formato de archivo no admitido. JPG/JPEG/PNG',
        video_format: 'Formato de archivo no admitido. Solo MP4',
        file_required: 'Seleccione un archivo.',
        description_required: 'Indique una descripción.',
        title_required: 'Indique un título.',
        heading_required: 'Indique un encabezado.',
        value_required: 'Indique un valor.',
        key_required: 'Indique una etiqueta.',
        name_required: 'Indique un nombre.',
        text_required: 'Indique un texto.',
      },
    },
  },
} satisfies Messages;

export default promotional;
