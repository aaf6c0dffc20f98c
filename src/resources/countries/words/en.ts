import type { Messages } from '../../../i18n/messages';

/** The countries module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    countries: {
      name: 'Country |||| Countries',
      fields: { country: 'Country', iso2: 'ISO2', iso3: 'ISO3' },
      action: { create: 'Add Country' },
      page: { list: 'Countries', create: 'Add Country', edit: 'Edit Country' },
    },
  },
  app: {
    validation: {
      country_required: 'Please provide a country.',
      iso2: 'Please provide a two-letter code.',
      iso3: 'Please provide a three-letter code.',
    },
  },
} satisfies Messages;

export default words;
