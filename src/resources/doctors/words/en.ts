import type { Messages } from '../../../i18n/messages';

/** The doctors module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    doctors: {
      name: 'Doctor |||| Doctors',
      fields: {
        name: 'Name',
        f_name: 'First Name',
        l_name: 'Last Name',
        email: 'Email',
        phone_no: 'Phone',
        number: 'Number',
        password: 'Password',
        confirmPassword: 'Confirm Password',
        dob: 'Date of Birth',
        age: 'Age',
        gender: 'Gender',
        qualification_id: 'Qualification',
        specializationIds: 'Specializations',
        short_bio: 'Short Bio',
        country_id: 'Country',
        city_id: 'City',
        state: 'State',
        zipcode: 'Zip Code',
        street: 'Street',
        photo: 'Photo',
        send_credentials: 'Send Credentials via email',
        status: 'Status',
        rating: 'Rating',
        patients_count: 'Patients',
        created_at: 'Joined',
      },
      action: { create: 'Add Doctor' },
      page: { list: 'Doctors', create: 'Add Doctor', edit: 'Edit Doctor', show: 'Doctor Profile' },
      rating_of: 'Rated %{rating} out of 5',
      ratings_count: '%{smart_count} rating |||| %{smart_count} ratings',
      tabs: {
        label: 'Doctor profile sections',
        upcoming: 'Upcoming Appointments',
        cancelled: 'Cancel Appointments',
        completed: 'Completed Appointments',
        working_hours: 'Working Hours',
        patients: 'Patient List',
      },
    },
  },
  app: {
    validation: {
      specialization_required: 'Please select at least one specialization.',
    },
  },
} satisfies Messages;

export default words;
