import type { Messages } from '../../../i18n/messages';

/** The family-members module's words in English, gathered into the dictionary by src/i18n/modules/en.ts. */
const words = {
  resources: {
    'family-members': {
      name: 'Family Member |||| Family Members',
      fields: {
        parent: 'Family of',
        full_name: 'Name',
        relation: 'Relation',
        f_name: 'First Name',
        l_name: 'Last Name',
        email: 'Email',
        phone_no: 'Phone',
        dob: 'Date of Birth',
        age: 'Age',
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
      },
      action: { create: 'Add Member' },
      page: {
        list: 'Family Members',
        create: 'Add Member',
        edit: 'Edit Family Member',
        show: 'Family Member Profile',
      },
    },
  },
  app: {
    validation: {
      marital_status_required: 'Please choose a marital status.',
    },
  },
} satisfies Messages;

export default words;
