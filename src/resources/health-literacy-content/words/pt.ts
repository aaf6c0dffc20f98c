import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The health-literacy-content module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    'health-literacy-content': {
      name: 'Conteúdo de educação em saúde |||| Conteúdos de educação em saúde',
      fields: {
        title: 'Título',
        type: 'Tipo',
        category_id: 'Categoria',
        desc: 'Descrição',
        tags: 'Etiquetas',
        file: 'Arquivo',
        thumbnail: 'Miniatura',
        status: 'Status',
        created_at: 'Data de criação',
      },
      action: { create: 'Adicionar conteúdo' },
      page: {
        list: 'Educação em saúde',
        create: 'Adicionar conteúdo de educação em saúde',
        edit: 'Editar conteúdo de educação em saúde',
        show: 'Conteúdo de educação em saúde',
      },
      types: {
        image: 'Imagem',
        pdf: 'PDF',
        video: 'Vídeo',
      },
      tags_help: 'Separe as etiquetas com vírgulas; Enter ou uma vírgula as adiciona.',
      tags_added: 'Etiquetas adicionadas',
      remove_tag: 'Remover a etiqueta %{tag}',
      open_pdf: 'Abrir o PDF em uma nova aba',
      validation: {
        type_required: 'Selecione um tipo.',
        category_required: 'Selecione uma categoria.',
        title_required: 'Informe um título.',
        desc_required: 'Informe uma descrição.',
        tags_required: 'Informe pelo menos uma etiqueta.',
        file_required: 'Selecione um arquivo.',
        thumbnail_required: 'Selecione uma miniatura.',
        format_image: 'Formato de arquivo não suportado. JPG/JPEG/PNG',
        format_pdf: 'Formato de arquivo não suportado. PDF',
        format_video: 'Formato de arquivo não suportado. Vídeo',
        format_any: 'Formato de arquivo não suportado. JPG/JPEG/PNG/MP4/PDF',
      },
    },
  },
} satisfies Translation<typeof en>;
