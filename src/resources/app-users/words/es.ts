import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The app-users module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    'app-users': {
      name: 'Paciente |||| Pacientes',
      fields: {
        name: 'Nombre',
        f_name: 'Nombre',
        l_name: 'Apellido',
        email: 'Correo electrónico',
        phone_no: 'Teléfono',
        password: 'Contraseña',
        confirmPassword: 'Confirmar contraseña',
        dob: 'Fecha de nacimiento',
        age: 'Edad',
        age_or_country: 'Edad / País',
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
        send_credentials: 'Enviar credenciales por correo',
        status: 'Estado',
        district_id: 'Distrito',
        tehsil_id: 'Tehsil',
        interest_ids: 'Intereses',
      },
      action: {
        create: 'Añadir paciente',
      },
      page: {
        list: 'Pacientes',
        create: 'Añadir paciente',
        edit: 'Editar paciente',
        show: 'Perfil del paciente',
      },
    },
  },
  app: {
    profile: {
      tabs: 'Secciones del perfil',
      medical_history: 'Historial médico',
      health_system: 'Sistema de salud',
      prescriptions: 'Recetas',
      family: 'Perfil familiar',
      no_medical_history: 'Aún no hay historial médico.',
      no_appointments: 'Aún no hay citas.',
      no_prescriptions: 'Aún no hay recetas.',
      diseases: 'Enfermedades',
      no_diseases: 'Ninguna registrada',
    },
  },
} satisfies Translation<typeof en>;
