import type { Messages } from '../../../i18n/messages';

/** The chw module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    chw: {
      name: 'CHW |||| CHWs',
      fields: {
        name: 'Name',
        f_name: 'First Name',
        l_name: 'Last Name',
        email: 'Email',
        number: 'Number',
        phone_no: 'Phone',
        password: 'Password',
        confirmPassword: 'Confirm Password',
        dob: 'Date of Birth',
        age: 'Age',
        cnic: 'CNIC',
        gender: 'Gender',
        qualification_id: 'Qualification',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        area_id: 'VC',
        joining_date: 'Date Join',
        short_bio: 'Short Bio',
        photo: 'Photo',
        send_credentials: 'Send Credentials via email',
        status: 'Status',
      },
      action: { create: 'Add CHW' },
      page: {
        list: 'Community Health Workers',
        create: 'Add CHW',
        edit: 'Edit CHW',
        show: 'CHW Profile',
      },
      place: 'Area',
      coordinates: 'Latitude %{lat}, longitude %{long}',
      tasks: 'Tasks',
      no_tasks: 'No tasks assigned yet.',
    },
  },
} satisfies Messages;

export default words;
