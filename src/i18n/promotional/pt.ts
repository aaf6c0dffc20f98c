import type { Messages } from '../messages';

/** The Promotional screen, Português: merged into pt.ts. */
const promotional = {
  resources: {
    promotional: {
      menu: 'Promocional',
      title: 'Promocional',
      preview: 'Ver o site',
      preview_label: 'Ver o site (abre em uma nova aba)',
      tabs_label: 'Seções promocionais',
      tabs: {
        logo: 'Logotipo',
        banner: 'Banner',
        about: 'Sobre',
        sliders: 'Carrossel',
        how_it_works: 'Como funciona',
        testimonials: 'Depoimentos',
      },
      fields: {
        logo: 'Logotipo',
        desc: 'Descrição',
        background_image: 'Imagem de fundo',
        center_image: 'Imagem central',
        person_image: 'Imagem de pessoa',
        about_title: 'Título de “Sobre”',
        heading: 'Cabeçalho',
        title: 'Título',
        video: 'Vídeo (MP4)',
        slider: 'Imagem do carrossel',
        name: 'Nome',
        text: 'Texto',
      },
      about: {
        boxes: 'Quadros',
        box: 'Quadro %{n}',
        box_title: 'Título do quadro %{n}',
        box_desc: 'Descrição do quadro %{n}',
        box_image: 'Imagem do quadro %{n}',
        analytics: 'Números',
        analytic: 'Número %{n}',
        value: 'Valor %{n}',
        key: 'Rótulo %{n}',
      },
      columns: {
        image: 'Imagem',
        added: 'Adicionada',
      },
      actions: 'Ações',
      add: 'Adicionar',
      delete_label: 'Excluir %{name}',
      slider_of: 'Imagem do carrossel de %{date}',
      uploading: 'Progresso do envio',
      load_failed: 'Não foi possível carregar o conteúdo promocional.',
      validation: {
        image_format: 'Formato de arquivo não suportado. JPG/JPEG/PNG',
        video_format: 'Formato de arquivo não suportado. Somente MP4',
        file_required: 'Selecione um arquivo.',
        description_required: 'Informe uma descrição.',
        title_required: 'Informe um título.',
        heading_required: 'Informe um cabeçalho.',
        value_required: 'Informe um valor.',
        key_required: 'Informe um rótulo.',
        name_required: 'Informe um nome.',
        text_required: 'Informe um texto.',
      },
    },
  },
} satisfies Messages;

export default promotional;
