import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The family-members module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    'family-members': {
      name: 'Familiar |||| Familiares',
      fields: {
        parent: 'Familia de',
        full_name: 'Nombre',
        relation: 'Parentesco',
        f_name: 'Nombre',
        l_name: 'Apellido',
        email: 'Correo electrónico',
        phone_no: 'Teléfono',
        dob: 'Fecha de nacimiento',
        age: 'Edad',
        gender: 'Género',
        marital_status: 'Estado civil',
        blood_group: 'Grupo sanguíneo',
        height: 'Altura (cm)',
        weight: 'Peso (kg)',
        short_bio: 'Biografía breve',
        country_id: 'País',
        city_id: 'Ciudad',
        state: 'Estado',
        zipcode: 'Código postal',
        street: 'Calle',
        photo: 'Foto',
      },
      action: {
        create: 'Añadir familiar',
      },
      page: {
        list: 'Familiares',
        create: 'Añadir familiar',
        edit: 'Editar familiar',
        show: 'Perfil del familiar',
      },
    },
  },
  app: {
    validation: {
      marital_status_required: 'Elija un estado civil.',
    },
  },
} satisfies Translation<typeof en>;
