import type { Messages } from '../messages';

/** Facility centers, feedback and support, Español: merged into es.ts. */
const facilities = {
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
        phone: 'Indique un número de exactamente 11 dígitos.',
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
    feedbacks: {
      name: 'Opinión |||| Opiniones',
      fields: {
        user: 'Nombre de usuario',
        doctor: 'Nombre del médico',
        msg: 'Mensaje',
        rating: 'Valoración',
        dated_at: 'Fecha',
        status: 'Estado',
        note: 'Nota del personal',
        created_at: 'Fecha de creación',
      },
      page: {
        list: 'Opiniones',
        edit: 'Revisar opinión',
        show: 'Opinión',
      },
      stars: 'Valoración: %{smart_count} de 5',
      statuses: {
        New: 'Nueva',
        Reviewed: 'Revisada',
      },
      note_help: 'Lo que hizo el personal al respecto; el paciente no lo ve.',
      validation: {
        status_required: 'Seleccione un estado.',
      },
    },
    supports: {
      name: 'Solicitud de soporte |||| Solicitudes de soporte',
      fields: {
        id: 'ID',
        user: 'Nombre de usuario',
        msg: 'Mensaje',
        status: 'Estado',
        reply: 'Respuesta',
        created_at: 'Fecha de creación',
      },
      page: {
        list: 'Soporte',
        edit: 'Responder solicitud de soporte',
        show: 'Solicitud de soporte',
      },
      statuses: {
        Open: 'Abierta',
        Resolved: 'Resuelta',
      },
      kinds: {
        patient: 'Paciente',
        chw: 'Agente de salud comunitario',
        doctor: 'Médico',
        family: 'Familiar',
      },
      no_reply: 'Aún sin respuesta.',
      reply_help: 'El usuario ve esta respuesta en la aplicación.',
      validation: {
        status_required: 'Seleccione un estado.',
      },
    },
  },
} satisfies Messages;

export default facilities;
