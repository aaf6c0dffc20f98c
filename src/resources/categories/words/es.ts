import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The categories module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    categories: {
      name: 'Categoría |||| Categorías',
      fields: { title: 'Nombre', file: 'Archivo', kind: 'Tipo' },
      action: { create: 'Añadir categoría' },
      page: { list: 'Categorías', create: 'Añadir categoría', edit: 'Editar categoría' },
      kinds: { image: 'Imagen', audio: 'Audio' },
      validation: { file_format: 'Formato de archivo no admitido. JPG/JPEG/PNG/MP3', file_required: 'Seleccione un archivo.' },
    },
  },
} satisfies Translation<typeof en>;
