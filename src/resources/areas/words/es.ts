import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The areas module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    areas: {
      name: 'VC |||| VC',
      fields: {
        title: 'Nombre',
        district_id: 'Seleccione un distrito...',
        tehsil_id: 'Seleccione un tehsil...',
        district: { title: 'Distrito' },
        tehsil: { title: 'Tehsil' },
        lat: 'Latitud',
        long: 'Longitud',
      },
      action: { create: 'Añadir VC' },
      page: { list: 'VC', create: 'Añadir VC', edit: 'Editar VC' },
    },
  },
  app: {
    validation: {
      latitude_required: 'Introduzca una latitud.',
      longitude_required: 'Introduzca una longitud.',
      latitude_range: 'Introduzca una latitud entre -90 y 90.',
      longitude_range: 'Introduzca una longitud entre -180 y 180.',
    },
  },
} satisfies Translation<typeof en>;
