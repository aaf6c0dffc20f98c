import type { Messages } from '../messages';

/** Pages and FAQs, Español: merged into es.ts. */
const content = {
  resources: {
    pages: {
      name: 'Página |||| Páginas',
      fields: { key: 'Nombre', value: 'Descripción', created_at: 'Fecha de creación', updated_at: 'Fecha de actualización' },
      action: { create: 'Añadir página' },
      page: { list: 'Páginas', create: 'Añadir página', edit: 'Editar página', show: 'Página' },
      keys: { privacy_policy: 'Política de privacidad', terms: 'Términos y condiciones' },
      not_written: 'Esta página aún no se ha redactado.',
      validation: { key_required: 'Seleccione un tipo', value_required: 'Proporcione una descripción' },
    },
    faqs: {
      name: 'Pregunta frecuente |||| Preguntas frecuentes',
      fields: { question: 'Pregunta', answer: 'Respuesta', created_at: 'Fecha de creación' },
      action: { create: 'Añadir pregunta frecuente' },
      page: { list: 'Preguntas frecuentes', create: 'Añadir pregunta frecuente', edit: 'Editar pregunta frecuente', show: 'Pregunta frecuente' },
      validation: { question_required: 'Proporcione una pregunta', answer_required: 'Proporcione una respuesta' },
    },
  },
} satisfies Messages;

export default content;
