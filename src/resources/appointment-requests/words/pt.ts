import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The appointment-requests module's words in Português (BR) (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/pt.ts. */
export default {
  resources: {
    'appointment-requests': {
      name: 'Pedido de consulta |||| Pedidos de consulta',
      fields: {
        id: 'ID',
        patient_id: 'Paciente',
        detail: 'Descrição',
        is_emergency: 'Emergência',
        dated_at: 'Data',
      },
      page: {
        list: 'Pedidos de consulta',
      },
      emergency: 'Emergência',
      routine: 'Não',
      book: 'Marcar',
      booked: 'Marcada: abrir',
    },
  },
} satisfies Translation<typeof en>;
