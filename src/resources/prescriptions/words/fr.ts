import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The prescriptions module's words in Français (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/fr.ts. */
export default {
  resources: {
    prescriptions: {
      name: 'Ordonnance |||| Ordonnances',
      fields: {
        patient_id: 'Patient',
        doctor_id: 'Médecin',
        disease_name: 'Maladie',
        from_date: 'Du',
        to_date: 'Au',
        period: 'Période',
        detail: 'Détail',
        items: 'Médicaments',
        c_date: 'Date du jour',
        m_name: 'Médicament',
        days: 'Jours',
        m_time: 'Moment de prise',
        to_be_taken: 'À prendre',
        still_using: 'Toujours pris',
        note: 'Note',
      },
      action: {
        create: 'Ajouter une ordonnance',
      },
      page: {
        list: 'Ordonnances',
        create: 'Ajouter une ordonnance',
        edit: 'Modifier l’ordonnance',
        show: 'Détail de l’ordonnance',
      },
      days: '1 jour |||| %{smart_count} jours',
      validation: {
        items_required: 'Veuillez ajouter au moins un médicament.',
      },
    },
  },
  app: {
    validation: {
      doctor_required: 'Veuillez choisir un médecin.',
    },
  },
} satisfies Translation<typeof en>;
