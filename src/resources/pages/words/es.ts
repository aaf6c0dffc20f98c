import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The pages module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    pages: {
      name: 'Página |||| Páginas',
      fields: { id: 'ID', key: 'Nombre', value: 'Descripción', created_at: 'Fecha de creación', updated_at: 'Fecha de actualización' },
      action: { create: 'Añadir página' },
      page: { list: 'Páginas', create: 'Añadir página', edit: 'Editar página', show: 'Página' },
      keys: { privacy_policy: 'Política de privacidad', terms: 'Términos y condiciones' },
      not_written: 'Esta página aún no se ha redactado.',
      validation: { key_required: 'Seleccione un tipo', value_required: 'Proporcione una descripción' },
    },
  },
} satisfies Translation<typeof en>;
