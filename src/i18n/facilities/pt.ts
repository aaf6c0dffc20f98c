import type { Messages } from '../messages';

/** Facility centers, feedback and support, Português: merged into pt.ts. */
const facilities = {
  resources: {
    'facility-centers': {
      name: 'Centro de saúde |||| Centros de saúde',
      fields: {
        title: 'Título',
        district_id: 'Distrito',
        tehsil_id: 'Tehsil',
        area_id: 'Área do conselho da aldeia',
        phone_no: 'Número de contato',
        lat: 'Latitude',
        long: 'Longitude',
        location: 'Localização',
        manager: 'Responsável',
        open_time: 'Horário de abertura',
        close_time: 'Horário de fechamento',
        file: 'Imagem',
        services: 'Serviços',
        service: 'Serviço',
        status: 'Status',
        created_at: 'Data de criação',
      },
      action: {
        create: 'Adicionar centro de saúde',
      },
      page: {
        list: 'Centros de saúde',
        create: 'Adicionar centro de saúde',
        edit: 'Editar centro de saúde',
        show: 'Centro de saúde',
      },
      place: 'Local',
      position: 'Coordenadas',
      open_map: 'abrir o mapa',
      hours: 'Horário de funcionamento',
      validation: {
        title_required: 'Informe um título.',
        latitude: 'Informe uma latitude válida',
        longitude: 'Informe uma longitude válida',
        phone: 'Informe um número com exatamente 11 dígitos.',
        location_required: 'Informe uma localização.',
        manager_required: 'Informe um responsável.',
        open_required: 'Informe um horário de abertura.',
        close_required: 'Informe um horário de fechamento.',
        close_after_open: 'O horário de fechamento deve ser depois do de abertura.',
        services_required: 'Adicione pelo menos um serviço.',
        service_required: 'Informe um serviço.',
        file_format: 'Formato de arquivo não suportado. JPG/JPEG/PNG',
        file_required: 'Selecione uma imagem.',
      },
    },
    feedbacks: {
      name: 'Avaliação |||| Avaliações',
      fields: {
        user: 'Nome do usuário',
        doctor: 'Nome do médico',
        msg: 'Mensagem',
        rating: 'Nota',
        dated_at: 'Data',
        status: 'Status',
        note: 'Nota da equipe',
        created_at: 'Data de criação',
      },
      page: {
        list: 'Avaliações',
        edit: 'Revisar avaliação',
        show: 'Avaliação',
      },
      stars: 'Nota: %{smart_count} de 5',
      statuses: {
        New: 'Nova',
        Reviewed: 'Revisada',
      },
      note_help: 'O que a equipe fez a respeito; o paciente não vê isto.',
      validation: {
        status_required: 'Selecione um status.',
      },
    },
    supports: {
      name: 'Pedido de suporte |||| Pedidos de suporte',
      fields: {
        id: 'ID',
        user: 'Nome do usuário',
        msg: 'Mensagem',
        status: 'Status',
        reply: 'Resposta',
        created_at: 'Data de criação',
      },
      page: {
        list: 'Suporte',
        edit: 'Responder pedido de suporte',
        show: 'Pedido de suporte',
      },
      statuses: {
        Open: 'Aberto',
        Resolved: 'Resolvido',
      },
      kinds: {
        patient: 'Paciente',
        chw: 'Agente comunitário de saúde',
        doctor: 'Médico',
        family: 'Familiar',
      },
      no_reply: 'Ainda sem resposta.',
      reply_help: 'O usuário vê esta resposta no aplicativo.',
      validation: {
        status_required: 'Selecione um status.',
      },
    },
  },
} satisfies Messages;

export default facilities;
