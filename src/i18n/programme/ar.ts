import type { Messages } from '../messages';

/** Words campaigns, tasks and messages to patients share (a module's own words are in src/resources/<name>/words/), العربية: merged into ar.ts. */
const programme = {
  app: {
    filter: { all: 'الكل' },
    validation: {
      date_past: 'لا يمكن أن يكون التاريخ قبل اليوم.',
      date_order: 'اختر تاريخًا بعد تاريخ البدء!',
    },
  },
} satisfies Messages;

export default programme;
