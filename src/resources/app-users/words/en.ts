import type { Messages } from '../../../i18n/messages';

/** The app-users module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    'app-users': {
      name: 'Patient |||| Patients',
      fields: {
        name: 'Name',
        f_name: 'First Name',
        l_name: 'Last Name',
        email: 'Email',
        phone_no: 'Phone',
        password: 'Password',
        confirmPassword: 'Confirm Password',
        dob: 'Date of Birth',
        age: 'Age',
        age_or_country: 'Age / Country',
        gender: 'Gender',
        marital_status: 'Marital Status',
        blood_group: 'Blood Group',
        height: 'Height (cm)',
        weight: 'Weight (kg)',
        short_bio: 'Short Bio',
        country_id: 'Country',
        city_id: 'City',
        state: 'State',
        zipcode: 'Zip Code',
        street: 'Street',
        photo: 'Photo',
        send_credentials: 'Send Credentials via email',
        status: 'Status',
        district_id: 'District',
        tehsil_id: 'Tehsil',
        interest_ids: 'Interests',
      },
      action: { create: 'Add Patient' },
      page: {
        list: 'Patients',
        create: 'Add Patient',
        edit: 'Edit Patient',
        show: 'Patient Profile',
      },
    },
  },
  app: {
    profile: {
      tabs: 'Profile sections',
      medical_history: 'Medical History',
      health_system: 'Health System',
      prescriptions: 'Prescriptions',
      family: 'Family Profile',
      no_medical_history: 'No medical history yet.',
      no_appointments: 'No appointments yet.',
      no_prescriptions: 'No prescriptions yet.',
      diseases: 'Diseases',
      no_diseases: 'None recorded',
    },
  },
} satisfies Messages;

export default words;
