import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The app-users module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    'app-users': {
      name: 'Paciente |||| Pacientes',
      fields: {
        name: 'Nome',
        f_name: 'Nome',
        l_name: 'Sobrenome',
        email: 'E-mail',
        phone_no: 'Telefone',
        password: 'Senha',
        confirmPassword: 'Confirmar senha',
        dob: 'Data de nascimento',
        age: 'Idade',
        age_or_country: 'Idade / País',
        gender: 'Gênero',
        marital_status: 'Estado civil',
        blood_group: 'Tipo sanguíneo',
        height: 'Altura (cm)',
        weight: 'Peso (kg)',
        short_bio: 'Biografia curta',
        country_id: 'País',
        city_id: 'Cidade',
        state: 'Estado',
        zipcode: 'CEP',
        street: 'Rua',
        photo: 'Foto',
        send_credentials: 'Enviar credenciais por e-mail',
        status: 'Situação',
        district_id: 'Distrito',
        tehsil_id: 'Tehsil',
        interest_ids: 'Interesses',
      },
      action: {
        create: 'Adicionar paciente',
      },
      page: {
        list: 'Pacientes',
        create: 'Adicionar paciente',
        edit: 'Editar paciente',
        show: 'Perfil do paciente',
      },
    },
  },
  app: {
    profile: {
      tabs: 'Seções do perfil',
      medical_history: 'Histórico médico',
      health_system: 'Sistema de saúde',
      prescriptions: 'Receitas',
      family: 'Perfil familiar',
      no_medical_history: 'Nenhum histórico médico ainda.',
      no_appointments: 'Nenhuma consulta ainda.',
      no_prescriptions: 'Nenhuma receita ainda.',
      diseases: 'Doenças',
      no_diseases: 'Nenhuma registrada',
    },
  },
} satisfies Translation<typeof en>;
