import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The countries module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    countries: {
      name: 'País |||| Países',
      fields: { country: 'País', iso2: 'ISO2', iso3: 'ISO3' },
      action: { create: 'Añadir país' },
      page: { list: 'Países', create: 'Añadir país', edit: 'Editar país' },
    },
  },
  app: {
    validation: {
      country_required: 'Introduzca un país.',
      iso2: 'Introduzca un código de dos letras.',
      iso3: 'Introduzca un código de tres letras.',
    },
  },
} satisfies Translation<typeof en>;
