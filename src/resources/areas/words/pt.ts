import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The areas module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    areas: {
      name: 'VC |||| VC',
      fields: {
        title: 'Nome',
        district_id: 'Selecione o distrito...',
        tehsil_id: 'Selecione o tehsil...',
        district: { title: 'Distrito' },
        tehsil: { title: 'Tehsil' },
        lat: 'Latitude',
        long: 'Longitude',
      },
      action: { create: 'Adicionar VC' },
      page: { list: 'VC', create: 'Adicionar VC', edit: 'Editar VC' },
    },
  },
  app: {
    validation: {
      latitude_required: 'Informe uma latitude.',
      longitude_required: 'Informe uma longitude.',
      latitude_range: 'Informe uma latitude entre -90 e 90.',
      longitude_range: 'Informe uma longitude entre -180 e 180.',
    },
  },
} satisfies Translation<typeof en>;
