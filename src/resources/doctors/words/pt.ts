import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The doctors module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    doctors: {
      name: 'Médico |||| Médicos',
      fields: {
        name: 'Nome',
        f_name: 'Nome',
        l_name: 'Sobrenome',
        email: 'E-mail',
        phone_no: 'Telefone',
        number: 'Número',
        password: 'Senha',
        confirmPassword: 'Confirmar senha',
        dob: 'Data de nascimento',
        age: 'Idade',
        gender: 'Gênero',
        qualification_id: 'Qualificação',
        specializationIds: 'Especialidades',
        short_bio: 'Biografia curta',
        country_id: 'País',
        city_id: 'Cidade',
        state: 'Estado',
        zipcode: 'CEP',
        street: 'Rua',
        photo: 'Foto',
        send_credentials: 'Enviar credenciais por e-mail',
        status: 'Situação',
        rating: 'Avaliação',
        patients_count: 'Pacientes',
        created_at: 'Desde',
      },
      action: {
        create: 'Adicionar médico',
      },
      page: {
        list: 'Médicos',
        create: 'Adicionar médico',
        edit: 'Editar médico',
        show: 'Perfil do médico',
      },
      rating_of: 'Avaliado com %{rating} de 5',
      ratings_count: '%{smart_count} avaliação |||| %{smart_count} avaliações',
      tabs: {
        label: 'Seções do perfil do médico',
        upcoming: 'Próximas consultas',
        cancelled: 'Consultas canceladas',
        completed: 'Consultas concluídas',
        working_hours: 'Horário de trabalho',
        patients: 'Lista de pacientes',
      },
    },
  },
  app: {
    validation: {
      specialization_required: 'Selecione pelo menos uma especialidade.',
    },
  },
} satisfies Translation<typeof en>;
