import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The areas module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    areas: {
      name: 'VC |||| VC',
      fields: {
        title: 'Nom',
        district_id: 'Sélectionnez un district...',
        tehsil_id: 'Sélectionnez un tehsil...',
        district: { title: 'District' },
        tehsil: { title: 'Tehsil' },
        lat: 'Latitude',
        long: 'Longitude',
      },
      action: { create: 'Ajouter un VC' },
      page: { list: 'VC', create: 'Ajouter un VC', edit: 'Modifier le VC' },
    },
  },
  app: {
    validation: {
      latitude_required: 'Veuillez saisir une latitude.',
      longitude_required: 'Veuillez saisir une longitude.',
      latitude_range: 'Veuillez saisir une latitude comprise entre -90 et 90.',
      longitude_range: 'Veuillez saisir une longitude comprise entre -180 et 180.',
    },
  },
} satisfies Translation<typeof en>;
