import type { Messages } from '../messages';

/** Words campaigns, tasks and messages to patients share (a module's own words are in src/resources/<name>/words/), Français: merged into fr.ts. */
const programme = {
  app: {
    filter: { all: 'Tous' },
    validation: {
      date_past: 'La date ne peut pas être antérieure à aujourd’hui.',
      date_order: 'Sélectionnez une date postérieure à la date de début !',
    },
  },
} satisfies Messages;

export default programme;
