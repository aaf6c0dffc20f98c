import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The doctors module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    doctors: {
      name: 'Médico |||| Médicos',
      fields: {
        name: 'Nombre',
        f_name: 'Nombre',
        l_name: 'Apellido',
        email: 'Correo electrónico',
        phone_no: 'Teléfono',
        number: 'Número',
        password: 'Contraseña',
        confirmPassword: 'Confirmar contraseña',
        dob: 'Fecha de nacimiento',
        age: 'Edad',
        gender: 'Género',
        qualification_id: 'Titulación',
        specializationIds: 'Especialidades',
        short_bio: 'Biografía breve',
        country_id: 'País',
        city_id: 'Ciudad',
        state: 'Estado',
        zipcode: 'Código postal',
        street: 'Calle',
        photo: 'Foto',
        send_credentials: 'Enviar credenciales por correo',
        status: 'Estado',
        rating: 'Valoración',
        patients_count: 'Pacientes',
        created_at: 'Desde',
      },
      action: {
        create: 'Añadir médico',
      },
      page: {
        list: 'Médicos',
        create: 'Añadir médico',
        edit: 'Editar médico',
        show: 'Perfil del médico',
      },
      rating_of: 'Valorado con %{rating} de 5',
      ratings_count: '%{smart_count} valoración |||| %{smart_count} valoraciones',
      tabs: {
        label: 'Secciones del perfil del médico',
        upcoming: 'Próximas citas',
        cancelled: 'Citas canceladas',
        completed: 'Citas completadas',
        working_hours: 'Horario de trabajo',
        patients: 'Lista de pacientes',
      },
    },
  },
  app: {
    validation: {
      specialization_required: 'Seleccione al menos una especialidad.',
    },
  },
} satisfies Translation<typeof en>;
