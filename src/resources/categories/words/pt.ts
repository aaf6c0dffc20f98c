import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The categories module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    categories: {
      name: 'Categoria |||| Categorias',
      fields: { title: 'Nome', file: 'Arquivo', kind: 'Tipo' },
      action: { create: 'Adicionar categoria' },
      page: { list: 'Categorias', create: 'Adicionar categoria', edit: 'Editar categoria' },
      kinds: { image: 'Imagem', audio: 'Áudio' },
      validation: { file_format: 'Formato de arquivo não suportado. JPG/JPEG/PNG/MP3', file_required: 'Selecione um arquivo.' },
    },
  },
} satisfies Translation<typeof en>;
