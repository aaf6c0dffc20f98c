import type { Translation } from '../../../i18n/messages';
import type en from './en';

/** The dynamic-forms module's words in Español (the keys of ./en.ts), gathered into the dictionary by src/i18n/modules/es.ts. */
export default {
  resources: {
    'dynamic-forms': {
      name: 'Formulario dinámico |||| Formularios dinámicos',
      fields: {
        title: 'Título del formulario',
        created_at: 'Fecha de creación',
        submissions_count: 'Envíos',
        status: 'Estado',
        version: 'Versión',
        questions: 'Preguntas',
        question: 'Pregunta %{n}',
        question_title: 'Título de la pregunta',
        type: 'Tipo',
        choose_type: 'Elija un tipo',
        is_required: 'Obligatoria',
        options: 'Opciones',
        option: 'Opción %{n}',
      },
      types: { text: 'Texto', checkbox: 'Casillas', radio: 'Opción única', date: 'Fecha' },
      action: {
        create: 'Añadir formulario dinámico',
        add_question: 'Añadir pregunta',
        remove_question: 'Quitar la pregunta %{n}',
        add_more: 'Añadir más',
        remove_option: 'Quitar la opción %{n}',
        export: 'Exportar respuestas',
      },
      page: { list: 'Formularios dinámicos', create: 'Añadir formulario dinámico', edit: 'Editar formulario dinámico', show: 'Formulario dinámico' },
      message: {
        invalid: 'Rellene los campos obligatorios.',
        save_failed: 'Error al guardar los datos.',
        add_question_hint: 'Primero dé un título y un tipo a la última pregunta.',
        answered: 'Esta pregunta ya tiene respuestas. Si la cambia, las respuestas se quedan con la versión actual y se crea una nueva versión de la pregunta.',
        submissions: '%{smart_count} envío |||| %{smart_count} envíos',
      },
      validation: {
        title_required: 'El título del formulario es obligatorio',
        question_title: 'El título de la pregunta %{n} es obligatorio',
        type_required: 'El tipo de opciones es obligatorio',
        option_title: 'El título de la opción %{n} es obligatorio',
      },
    },
  },
} satisfies Translation<typeof en>;
