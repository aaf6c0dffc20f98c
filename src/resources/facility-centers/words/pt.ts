import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The facility-centers module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
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
        phone: 'Informe um número com pelo menos 11 dígitos.',
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
  },
} satisfies Translation<typeof en>;
