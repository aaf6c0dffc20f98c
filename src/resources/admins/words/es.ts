import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The admins module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    admins: {
      name: 'Administrador |||| Administradores',
      fields: {
        name: 'Nombre',
        f_name: 'Nombre',
        l_name: 'Apellido',
        email: 'Correo electrónico',
        phone: 'Teléfono',
        mobile: 'Móvil',
        password: 'Contraseña',
        confirmPassword: 'Confirmar contraseña',
        oldPassword: 'Contraseña anterior',
        current_password: 'Contraseña actual',
        dob: 'Fecha de nacimiento',
        cnic: 'CNIC',
        role: 'Rol',
        gender: 'Sexo',
        send_credentials: 'Enviar credenciales por correo electrónico',
        status: 'Estado',
        file: 'Foto de perfil',
        district_ids: 'Distritos',
      },
      action: { create: 'Añadir subadministrador' },
      helper: {
        current_password: 'Los enlaces para restablecer la contraseña llegan a su correo: para cambiarlo necesita su contraseña actual.',
        district_ids: 'Limita al administrador a estos distritos. Déjelo vacío para todos los distritos.',
      },
      page: { list: 'Administradores', create: 'Añadir subadministrador', edit: 'Editar subadministrador' },
    },
  },
  app: {
    validation: {
      role_required: 'Seleccione un rol.',
      password_mismatch: 'Las contraseñas no coinciden.',
      old_password_required: 'Introduzca su contraseña anterior.',
    },
  },
} satisfies Translation<typeof en>;
