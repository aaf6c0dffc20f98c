import type { Messages } from '../../../i18n/messages';

/** The roles module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    roles: {
      name: 'Role |||| Roles',
      fields: {
        name: 'Name',
        permissions: 'Permissions',
        permissions_count: 'Permissions',
      },
      action: { create: 'Add Role' },
      page: { list: 'Roles', create: 'Add Role', edit: 'Edit Role' },
      select_all: 'Select all',
      modules: {
        sub_admin: 'Admins',
        role: 'Roles',
        doctor: 'Doctors',
        chw: 'Community health workers',
        app_user: 'Patients',
        task: 'Tasks',
        hlc: 'Health literacy content',
        campaign: 'Campaigns',
        form: 'Survey forms',
        facility_center: 'Facility centers',
        location: 'Locations',
        qualification: 'Qualifications',
        specialization: 'Specializations',
        page: 'Pages',
        faq: 'FAQs',
        setting: 'Settings',
        feedback: 'Feedback',
        support: 'Support',
        notification: 'Notifications',
        activity: 'Activity',
      },
      actions: {
        view: 'View',
        create: 'Create',
        edit: 'Edit',
        delete: 'Delete',
        view_activity_doctor: 'View doctor',
        create_activity_chw: 'View CHW',
      },
    },
  },
} satisfies Messages;

export default words;
