import type { Messages } from '../../../i18n/messages';

/** The areas module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    areas: {
      name: 'VC |||| VC',
      fields: {
        title: 'Name',
        district_id: 'Select District...',
        tehsil_id: 'Select Tehsil...',
        district: { title: 'District' },
        tehsil: { title: 'Tehsil' },
        lat: 'Latitude',
        long: 'Longitude',
      },
      action: { create: 'Add VC' },
      page: { list: 'VC', create: 'Add VC', edit: 'Edit VC' },
    },
  },
  app: {
    validation: {
      latitude_required: 'Please provide a latitude.',
      longitude_required: 'Please provide a longitude.',
      latitude_range: 'Please provide a latitude between -90 and 90.',
      longitude_range: 'Please provide a longitude between -180 and 180.',
    },
  },
} satisfies Messages;

export default words;
