import type { Messages } from '../messages';

/** Words campaigns, tasks and messages to patients share (a module's own words are in src/resources/<name>/words/), in English: merged into en.ts. */
const programme = {
  app: {
    filter: { all: 'All' },
    validation: {
      date_past: 'The date cannot be before today.',
      date_order: 'Select a date after the start date!',
    },
  },
} satisfies Messages;

export default programme;
