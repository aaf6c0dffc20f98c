import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The chw module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    chw: {
      name: 'Agente comunitario |||| Agentes comunitarios',
      fields: {
        name: 'Nombre',
        f_name: 'Nombre',
        l_name: 'Apellido',
        email: 'Correo electrónico',
        number: 'Número',
        phone_no: 'Teléfono',
        password: 'Contraseña',
        confirmPassword: 'Confirmar contraseña',
        dob: 'Fecha de nacimiento',
        age: 'Edad',
        cnic: 'CNIC',
        gender: 'Género',
        qualification_id: 'Titulación',
        district_id: 'Distrito',
        tehsil_id: 'Tehsil',
        area_id: 'VC',
        joining_date: 'Fecha de ingreso',
        short_bio: 'Biografía breve',
        photo: 'Foto',
        send_credentials: 'Enviar credenciales por correo',
        status: 'Estado',
      },
      action: {
        create: 'Añadir agente',
      },
      page: {
        list: 'Agentes comunitarios de salud',
        create: 'Añadir agente',
        edit: 'Editar agente',
        show: 'Perfil del agente',
      },
      place: 'Zona',
      coordinates: 'Latitud %{lat}, longitud %{long}',
      tasks: 'Tareas',
      no_tasks: 'Aún no tiene tareas asignadas.',
    },
  },
} satisfies Translation<typeof en>;
