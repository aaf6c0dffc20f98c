import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The tehsils module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    tehsils: {
      name: 'Tehsil |||| Tehsils',
      fields: {
        title: 'Nombre',
        district_id: 'Seleccione un distrito...',
        district: { title: 'Distrito' },
      },
      action: { create: 'Añadir tehsil' },
      page: { list: 'Tehsils', create: 'Añadir tehsil', edit: 'Editar tehsil' },
    },
  },
} satisfies Translation<typeof en>;
