import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The countries module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    countries: {
      name: 'País |||| Países',
      fields: { country: 'País', iso2: 'ISO2', iso3: 'ISO3' },
      action: { create: 'Adicionar país' },
      page: { list: 'Países', create: 'Adicionar país', edit: 'Editar país' },
    },
  },
  app: {
    validation: {
      country_required: 'Informe um país.',
      iso2: 'Informe um código de duas letras.',
      iso3: 'Informe um código de três letras.',
    },
  },
} satisfies Translation<typeof en>;
