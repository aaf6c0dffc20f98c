import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The roles module's words in Deutsch (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/de.ts. */
export default {
  resources: {
    roles: {
      name: 'Rolle |||| Rollen',
      fields: {
        name: 'Name',
        permissions: 'Berechtigungen',
        permissions_count: 'Berechtigungen',
      },
      action: { create: 'Rolle hinzufügen' },
      page: { list: 'Rollen', create: 'Rolle hinzufügen', edit: 'Rolle bearbeiten' },
      select_all: 'Alle auswählen',
      modules: {
        sub_admin: 'Administratoren',
        role: 'Rollen',
        doctor: 'Ärztinnen und Ärzte',
        chw: 'Gemeindegesundheitshelfer',
        app_user: 'Patientinnen und Patienten',
        task: 'Aufgaben',
        hlc: 'Inhalte zur Gesundheitskompetenz',
        campaign: 'Kampagnen',
        form: 'Umfrageformulare',
        facility_center: 'Gesundheitseinrichtungen',
        location: 'Standorte',
        qualification: 'Qualifikationen',
        specialization: 'Fachrichtungen',
        page: 'Seiten',
        faq: 'FAQ',
        setting: 'Einstellungen',
        feedback: 'Feedback',
        support: 'Support',
        notification: 'Benachrichtigungen',
        activity: 'Aktivität',
      },
      actions: {
        view: 'Ansehen',
        create: 'Erstellen',
        edit: 'Bearbeiten',
        delete: 'Löschen',
        view_activity_doctor: 'Ärzte ansehen',
        create_activity_chw: 'Gesundheitshelfer ansehen',
      },
    },
  },
} satisfies Translation<typeof en>;
