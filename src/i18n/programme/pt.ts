import type { Messages } from '../messages';

/** Words campaigns, tasks and messages to patients share (a module's own words are in src/resources/<name>/words/), Português (BR): merged into pt.ts. */
const programme = {
  app: {
    filter: { all: 'Todos' },
    validation: {
      date_past: 'A data não pode ser anterior a hoje.',
      date_order: 'Selecione uma data posterior à data inicial!',
    },
  },
} satisfies Messages;

export default programme;
