import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The family-members module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    'family-members': {
      name: 'Familiar |||| Familiares',
      fields: {
        parent: 'Família de',
        full_name: 'Nome',
        relation: 'Parentesco',
        f_name: 'Nome',
        l_name: 'Sobrenome',
        email: 'E-mail',
        phone_no: 'Telefone',
        dob: 'Data de nascimento',
        age: 'Idade',
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
      },
      action: {
        create: 'Adicionar familiar',
      },
      page: {
        list: 'Familiares',
        create: 'Adicionar familiar',
        edit: 'Editar familiar',
        show: 'Perfil do familiar',
      },
    },
  },
  app: {
    validation: {
      marital_status_required: 'Escolha um estado civil.',
    },
  },
} satisfies Translation<typeof en>;
