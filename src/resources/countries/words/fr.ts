import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The countries module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    countries: {
      name: 'Pays |||| Pays',
      fields: { country: 'Pays', iso2: 'ISO2', iso3: 'ISO3' },
      action: { create: 'Ajouter un pays' },
      page: { list: 'Pays', create: 'Ajouter un pays', edit: 'Modifier le pays' },
    },
  },
  app: {
    validation: {
      country_required: 'Veuillez saisir un pays.',
      iso2: 'Veuillez saisir un code de deux lettres.',
      iso3: 'Veuillez saisir un code de trois lettres.',
    },
  },
} satisfies Translation<typeof en>;
