import type { Messages } from '../../../i18n/messages';

/** The admins module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    admins: {
      name: 'Admin |||| Admins',
      fields: {
        name: 'Name',
        f_name: 'First Name',
        l_name: 'Last Name',
        email: 'Email',
        phone: 'Phone',
        mobile: 'Mobile',
        password: 'Password',
        confirmPassword: 'Confirm Password',
        oldPassword: 'Old Password',
        current_password: 'Current Password',
        dob: 'Date of Birth',
        cnic: 'CNIC',
        role: 'Role',
        gender: 'Gender',
        send_credentials: 'Send Credentials via email',
        status: 'Status',
        file: 'Profile Photo',
        district_ids: 'Districts',
      },
      action: { create: 'Add Sub Admin' },
      helper: {
        current_password: 'Password reset links go to your email: changing it needs your current password.',
        district_ids: 'Limits the admin to these districts. Leave empty for every district.',
      },
      page: { list: 'Admins', create: 'Add Sub Admin', edit: 'Edit Sub Admin' },
    },
  },
  app: {
    validation: {
      role_required: 'Please select a role.',
      password_mismatch: "Password didn't match.",
      old_password_required: 'Please provide your old password.',
    },
  },
} satisfies Messages;

export default words;
