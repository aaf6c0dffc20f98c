import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The areas module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    areas: {
      name: 'VC |||| VC',
      fields: {
        title: 'Name',
        district_id: 'Distrikt auswählen …',
        tehsil_id: 'Tehsil auswählen …',
        district: { title: 'Distrikt' },
        tehsil: { title: 'Tehsil' },
        lat: 'Breitengrad',
        long: 'Längengrad',
      },
      action: { create: 'VC hinzufügen' },
      page: { list: 'VC', create: 'VC hinzufügen', edit: 'VC bearbeiten' },
    },
  },
  app: {
    validation: {
      latitude_required: 'Bitte geben Sie einen Breitengrad ein.',
      longitude_required: 'Bitte geben Sie einen Längengrad ein.',
      latitude_range: 'Bitte geben Sie einen Breitengrad zwischen -90 und 90 ein.',
      longitude_range: 'Bitte geben Sie einen Längengrad zwischen -180 und 180 ein.',
    },
  },
} satisfies Translation<typeof en>;
