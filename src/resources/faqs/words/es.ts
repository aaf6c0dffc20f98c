import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The faqs module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    faqs: {
      name: 'Pregunta frecuente |||| Preguntas frecuentes',
      fields: { id: 'ID', question: 'Pregunta', answer: 'Respuesta', created_at: 'Fecha de creación' },
      action: { create: 'Añadir pregunta frecuente' },
      page: { list: 'Preguntas frecuentes', create: 'Añadir pregunta frecuente', edit: 'Editar pregunta frecuente', show: 'Pregunta frecuente' },
      validation: { question_required: 'Proporcione una pregunta', answer_required: 'Proporcione una respuesta' },
    },
  },
} satisfies Translation<typeof en>;
