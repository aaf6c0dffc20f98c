import type { Messages } from '../messages';

/** Words campaigns, tasks and messages to patients share (a module's own words are in src/resources/<name>/words/), Español: merged into es.ts. */
const programme = {
  app: {
    filter: { all: 'Todos' },
    validation: {
      date_past: 'La fecha no puede ser anterior a hoy.',
      date_order: '¡Seleccione una fecha posterior a la fecha de inicio!',
    },
  },
} satisfies Messages;

export default programme;
