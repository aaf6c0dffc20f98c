import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The medical-histories module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    'medical-histories': {
      name: 'Antécédent médical |||| Antécédents médicaux',
      fields: {
        patient_id: 'Patient',
        disease_name: 'Maladie',
        from_date: 'Du',
        to_date: 'Au',
        period: 'Période',
        detail: 'Détail',
        reports: 'Comptes rendus',
        c_date: 'Date du jour',
        m_name: 'Médicament',
        days: 'Jours',
        m_times: 'Moment de prise',
        to_be_taken: 'À prendre',
        still_using: 'Toujours utilisé',
        note: 'Note',
      },
      action: {
        create: 'Ajouter un antécédent médical',
      },
      page: {
        list: 'Antécédents médicaux',
        create: 'Ajouter un antécédent médical',
        edit: 'Modifier l’antécédent médical',
        show: 'Antécédent médical',
      },
      of: 'Antécédent médical : %{disease}',
      medication: 'Traitement',
      report: 'Compte rendu %{n}',
      validation: {
        reports_format: 'Format de fichier non pris en charge. JPG/JPEG/PNG/MP3',
      },
    },
  },
} satisfies Translation<typeof en>;
