import { mergeAll } from './messages';
import authEn from './authEn';
import people from './people/en';
import clinical from './clinical/en';
import programme from './programme/en';
import daily from './daily/en';
import server from './server/en';
import modules from './modules/en';

/**
 * English dictionary in react-admin's format (`%{var}` interpolation, `singular |||| plural`), merged over
 * ra-language-english and converted for i18next. Every other language copies this shape (`AppMessages`).
 */
const en = {
  ra: {
    // Spec wording for react-admin's own messages.
    auth: { logout: 'Log out' },
    message: { invalid_form: 'Please fill the required fields in correct format!' },
    notification: { http_error: 'Something went wrong!' },
    navigation: { no_results: 'Data not found' },
  },
  app: {
    // a refused save names its first field in error (resources/common/ConsoleForm.tsx)
    form: {
      check_field: 'Check “%{field}”: %{message}',
      check_field_more: 'Check “%{field}”: %{message} (and %{smart_count} more field) |||| Check “%{field}”: %{message} (and %{smart_count} more fields)',
    },
    bulk: {
      done: "Done: %{done}.",
      partly: "Done: %{done}. Refused: %{refused}. %{reasons}",
      confirm_delete: "Delete the selected records (%{smart_count})?",
      confirm_block: "Block the selected records (%{smart_count})?",
      confirm_unblock: "Unblock the selected records (%{smart_count})?",
    },
    backend: { unsupported: "This backend does not offer this feature." },
    export: {
      created_at: "Created at",
      updated_at: "Updated at",
      id: "ID",
      selected_csv: "Selected as CSV",
      selected_xlsx: "Selected as XLSX",
      preparing: "Preparing the file…",
    },
    ...authEn,
    layout: {
      home: 'Home',
      breadcrumbs: 'Breadcrumb',
      pinned: 'Pinned',
      pin: 'Pin %{label}',
      unpin: 'Unpin %{label}',
      // Breadcrumb labels of path segments that are not resources.
      paths: {
        dashboard: 'Dashboard',
        authorization: 'Unauthorized',
      },
    },
    theme: {
      title: 'Theme settings',
      close: 'Close',
      layout: 'Layout',
      light: 'Light',
      dark: 'Dark',
      colours: 'Colours',
      primary: 'Primary colour',
      secondary: 'Secondary colour',
      reset: 'Reset',
    },
    footer: {
      links: 'Footer',
      faqs: 'Faqs',
      feedback: 'Feedback & Suggestion',
      privacy_policy: 'Privacy Policy',
      terms: 'Terms & Conditions',
      support: 'Support',
      powered_by: 'Copyright © %{year} · Powered by the programme’s software provider',
    },
    menu: {
      dashboard: 'Dashboard',
      setting: 'Setting',
      location: 'Location Management',
      profile: 'Profile',
      change_password: 'Change Password',
      logout: 'Log out',
      programme: 'Programme',
      content: 'Content',
    },
    page: {
      dashboard: 'Dashboard',
      access_denied: 'Access denied',
      unauthorized: 'You are not authorized for this page!',
      profile: 'Profile',
      change_password: 'Change Password',
    },
    dashboard: {
      welcome: 'Welcome, %{name}',
      totals: 'Users',
      admins: 'Admins',
      doctors: 'Doctors',
      patients: 'Patients',
      total: 'Total',
      total_users: 'Total Users',
      total_appointments: 'Total Appointments',
      appointments: 'Appointments',
      tasks: 'Task submissions',
      no_data: 'No data yet',
      load_failed: 'The dashboard could not be loaded.',
      retry: 'Try again',
    },
    notifications: {
      title: 'Notifications',
      bell_label: 'Notifications, %{count} unread',
      mark_all_read: 'Mark all as read',
      empty: 'No notifications',
    },
    action: {
      actions: 'Actions',
      back: 'Back',
      submit: 'Submit',
      cancel: 'Cancel',
      edit: 'Edit',
      delete: 'Delete',
      block: 'Block',
      unblock: 'Unblock',
      change_password: 'Change Password',
      upload_photo: 'Upload Photo',
      go_to_dashboard: 'Go to Dashboard',
      remove_file: 'Remove %{name}',
      replace_file: 'Replace file',
      choose_file: 'Choose file',
      filter: 'Filter',
      export_csv: 'Export CSV',
      export_xlsx: 'Export Excel',
    },
    message: {
      search: 'Type here to search...',
      no_data: 'Data not found',
      confirm_title: 'Please confirm',
      confirm_delete: 'Are you sure you want to delete?',
      confirm_block: 'Are you sure you want to block?',
      confirm_unblock: 'Are you sure you want to Unblock?',
      file_format: 'File format not supported. JPG/JPEG/PNG',
    },
    notification: {
      added: 'Successfully added.',
      updated: 'Successfully updated.',
      deleted: 'Successfully deleted.',
    },
    validation: {
      name_required: 'Please provide a name.',
      email_invalid: 'Please provide a valid email.',
      phone: 'Please provide a number atleast 11 digits.',
      password_required: 'Please provide a password.',
      confirm_required: 'Please provide a confirm password.',
      passwords_mismatch: 'Passwords do not match',
      cnic: 'Please provide a cnic atleast 13 digits.',
      dob_future: 'The date of birth cannot be in the future.',
      title_required: 'Please provide a title.',
      district_required: 'Please select a district.',
      tehsil_required: 'Please select a tehsil.',
      password_length: 'Please provide a password of at least 8 characters.',
      area_required: 'Please select a VC.',
      dob_required: 'Please provide a date of birth.',
    },
    status: {
      active: 'Active',
      blocked: 'Blocked',
    },
    gender: {
      male: 'Male',
      female: 'Female',
      transgender: 'Transgender',
    },
    filter: {
      // the button that shows and hides a list's filters on a phone
      filters: 'Filters',
      start_date: 'Start date',
      end_date: 'End date',
      end_before_start: 'The end date must not be before the start date.',
    },
    timeline: { new: 'New', past: 'Past' },
    upload: {
      in_progress: 'Please wait until the upload has finished.',
      progress: 'Upload of %{name}',
      failed: 'The file did not upload due to a weak internet connection. Please try again.',
      retrying: 'Connection lost: trying again (%{attempt} of %{attempts})…',
      offline: 'Offline: the upload goes on when the connection is back…',
    },
  },
};

export type AppMessages = typeof en;
/**
 * The shared words with the area groups' laid over them (i18n/people, …), then every module's own
 * (src/resources/<name>/words/en.ts, gathered by modules/en.ts).
 */
export default mergeAll([en, people, clinical, programme, daily, server, modules]);
