import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The chw module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    chw: {
      name: 'Agente comunitário |||| Agentes comunitários',
      fields: {
        name: 'Nome',
        f_name: 'Nome',
        l_name: 'Sobrenome',
        email: 'E-mail',
        number: 'Número',
        phone_no: 'Telefone',
        password: 'Senha',
        confirmPassword: 'Confirmar senha',
        dob: 'Data de nascimento',
        age: 'Idade',
        cnic: 'CNIC',
        gender: 'Gênero',
        qualification_id: 'Qualificação',
        district_id: 'Distrito',
        tehsil_id: 'Tehsil',
        area_id: 'VC',
        joining_date: 'Data de ingresso',
        short_bio: 'Biografia curta',
        photo: 'Foto',
        send_credentials: 'Enviar credenciais por e-mail',
        status: 'Situação',
      },
      action: {
        create: 'Adicionar agente',
      },
      page: {
        list: 'Agentes comunitários de saúde',
        create: 'Adicionar agente',
        edit: 'Editar agente',
        show: 'Perfil do agente',
      },
      place: 'Área',
      coordinates: 'Latitude %{lat}, longitude %{long}',
      tasks: 'Tarefas',
      no_tasks: 'Nenhuma tarefa atribuída ainda.',
    },
  },
} satisfies Translation<typeof en>;
