import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The facility-centers module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    'facility-centers': {
      name: 'Centro de salud |||| Centros de salud',
      fields: {
        title: 'Título',
        district_id: 'Distrito',
        tehsil_id: 'Tehsil',
        area_id: 'Área del consejo aldeano',
        phone_no: 'Número de contacto',
        lat: 'Latitud',
        long: 'Longitud',
        location: 'Ubicación',
        manager: 'Responsable',
        open_time: 'Hora de apertura',
        close_time: 'Hora de cierre',
        file: 'Imagen',
        services: 'Servicios',
        service: 'Servicio',
        status: 'Estado',
        created_at: 'Fecha de creación',
      },
      action: {
        create: 'Añadir centro de salud',
      },
      page: {
        list: 'Centros de salud',
        create: 'Añadir centro de salud',
        edit: 'Editar centro de salud',
        show: 'Centro de salud',
      },
      place: 'Lugar',
      position: 'Coordenadas',
      open_map: 'abrir el mapa',
      hours: 'Horario',
      validation: {
        title_required: 'Indique un título.',
        latitude: 'Indique una latitud válida',
        longitude: 'Indique una longitud válida',
        phone: 'Introduzca un número de al menos 11 dígitos.',
        location_required: 'Indique una ubicación.',
        manager_required: 'Indique un responsable.',
        open_required: 'Indique una hora de apertura.',
        close_required: 'Indique una hora de cierre.',
        close_after_open: 'La hora de cierre debe ser posterior a la de apertura.',
        services_required: 'Añada al menos un servicio.',
        service_required: 'Indique un servicio.',
        file_format: 'Formato de archivo no admitido. JPG/JPEG/PNG',
        file_required: 'Seleccione una imagen.',
      },
    },
  },
} satisfies Translation<typeof en>;
