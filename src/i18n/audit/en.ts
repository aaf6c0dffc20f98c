import type { Messages } from '../messages';

/** The audit log, English: merged into en.ts. */
const audit = {
  resources: {
    'audit-log': {
      name: 'Audit log entry |||| Audit log',
      menu: 'Audit Log',
      page: { list: 'Audit Log' },
      fields: { created_at: 'When', actor: 'Who', action: 'Action', resource: 'Record', ip: 'IP address' },
      changes: 'Changes',
      field: 'Field',
      before: 'Before',
      after: 'After',
      value: 'Value',
      no_changes: 'No field values recorded.',
      no_actor: 'Field app or server',
      filter_by_admin: 'Show only what %{name} did',
      admin_chip: 'Admin: %{name}',
      actions: {
        create: 'Created',
        update: 'Updated',
        updated: 'Updated',
        delete: 'Deleted',
        status: 'Status changed',
        read: 'Viewed',
        export: 'Exported',
        import: 'Imported',
        upload: 'Uploaded a file',
        send: 'Sent a notification',
        login: 'Signed in',
        logout: 'Signed out',
        login_failed: 'Failed sign-in',
        login_blocked: 'Sign-in blocked',
        password_reset: 'Reset the password',
        password_reset_requested: 'Asked for a password reset',
        change_password: 'Changed the password',
        update_profile: 'Updated the profile',
        deny: 'Refused',
        file_read: 'Opened a file',
        field_login: 'Signed in (app)',
        field_login_failed: 'Failed sign-in (app)',
        field_create: 'Sent from the app',
        field_reach: 'Updated place and interests (app)',
        field_password_reset: 'Reset the password (app)',
        field_password_reset_requested: 'Asked for a password reset (app)',
        task_status: 'Task status (app)',
        form_submission: 'Survey answered (app)',
      },
    },
  },
} satisfies Messages;

export default audit;
