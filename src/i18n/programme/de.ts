import type { Messages } from '../messages';

/** Words campaigns, tasks and messages to patients share (a module's own words are in src/resources/<name>/words/), Deutsch: merged into de.ts. */
const programme = {
  app: {
    filter: { all: 'Alle' },
    validation: {
      date_past: 'Das Datum darf nicht vor dem heutigen Tag liegen.',
      date_order: 'Wählen Sie ein Datum nach dem Startdatum!',
    },
  },
} satisfies Messages;

export default programme;
