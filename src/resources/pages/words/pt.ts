import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The pages module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    pages: {
      name: 'Página |||| Páginas',
      fields: { id: 'ID', key: 'Nome', value: 'Descrição', created_at: 'Data de criação', updated_at: 'Data de atualização' },
      action: { create: 'Adicionar página' },
      page: { list: 'Páginas', create: 'Adicionar página', edit: 'Editar página', show: 'Página' },
      keys: { privacy_policy: 'Política de Privacidade', terms: 'Termos e Condições' },
      not_written: 'Esta página ainda não foi escrita.',
      validation: { key_required: 'Selecione um tipo', value_required: 'Informe uma descrição' },
    },
  },
} satisfies Translation<typeof en>;
