import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The countries module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    countries: {
      name: 'Land |||| Länder',
      fields: { country: 'Land', iso2: 'ISO2', iso3: 'ISO3' },
      action: { create: 'Land hinzufügen' },
      page: { list: 'Länder', create: 'Land hinzufügen', edit: 'Land bearbeiten' },
    },
  },
  app: {
    validation: {
      country_required: 'Bitte geben Sie ein Land ein.',
      iso2: 'Bitte geben Sie einen Code aus zwei Buchstaben ein.',
      iso3: 'Bitte geben Sie einen Code aus drei Buchstaben ein.',
    },
  },
} satisfies Translation<typeof en>;
