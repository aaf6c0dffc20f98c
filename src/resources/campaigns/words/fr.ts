import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The campaigns module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    campaigns: {
      name: 'Campagne |||| Campagnes',
      fields: {
        title: 'Titre',
        session: 'Période',
        start_date: 'Date de début',
        end_date: 'Date de fin',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        file: 'Image ou PDF',
        status: 'Statut',
        created_at: 'Date de création',
      },
      action: { create: 'Ajouter une campagne' },
      page: { list: 'Campagnes', create: 'Ajouter une campagne', edit: 'Modifier la campagne', show: 'Campagne' },
      tasks: 'Tâches de cette campagne',
      no_tasks: 'Aucune tâche ne renvoie encore à cette campagne.',
      place: 'Lieu',
      validation: {
        title_required: 'Veuillez saisir un titre.',
        start_required: 'Veuillez sélectionner une date de début.',
        end_required: 'Veuillez sélectionner une date de fin.',
        file_format: 'Format de fichier non pris en charge. JPG/JPEG/PNG/PDF',
        file_required: 'Veuillez choisir un fichier.',
      },
    },
  },
} satisfies Translation<typeof en>;
