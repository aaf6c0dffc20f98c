import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The admins module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    admins: {
      name: 'Administrador |||| Administradores',
      fields: {
        name: 'Nome',
        f_name: 'Nome',
        l_name: 'Sobrenome',
        email: 'E-mail',
        phone: 'Telefone',
        mobile: 'Celular',
        password: 'Senha',
        confirmPassword: 'Confirmar senha',
        oldPassword: 'Senha atual',
        current_password: 'Senha atual',
        dob: 'Data de nascimento',
        cnic: 'CNIC',
        role: 'Perfil',
        gender: 'Sexo',
        send_credentials: 'Enviar credenciais por e-mail',
        status: 'Status',
        file: 'Foto do perfil',
        district_ids: 'Distritos',
      },
      action: { create: 'Adicionar subadministrador' },
      helper: {
        current_password: 'Os links de redefinição de senha vão para o seu e-mail: para alterá-lo, informe sua senha atual.',
        district_ids: 'Limita o administrador a estes distritos. Deixe vazio para todos os distritos.',
      },
      page: { list: 'Administradores', create: 'Adicionar subadministrador', edit: 'Editar subadministrador' },
    },
  },
  app: {
    validation: {
      role_required: 'Selecione um perfil.',
      password_mismatch: 'As senhas não coincidem.',
      old_password_required: 'Informe sua senha atual.',
    },
  },
} satisfies Translation<typeof en>;
