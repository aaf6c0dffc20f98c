/**
 * The order jest hands test files to its workers: longest first, so that no worker is left with a
 * long file after the others have finished (the suite's time is the busiest worker's). Jest's own
 * order knows a file's duration only from an earlier run in the same folder, and puts files it has
 * not timed yet (every file in a fresh clone, as in CI) first by size; the fuzzer's files are four
 * lines long. Here a file's last duration, when jest has it, else the estimate below.
 */
const Sequencer = require('@jest/test-sequencer').default;
const path = require('node:path');

/**
 * Seconds a file took in the whole suite on the 2-core test machine (three workers, the CI run of
 * 2026-11-26 15:17 UTC, rounded; the last two lines from an earlier one); files not named here are
 * guessed from their project and size.
 */
const ESTIMATES = {
  'server/test/contract.test.ts': 235,
  'server/test/fuzz-reference.test.ts': 195,
  'server/test/fuzz-accounts.test.ts': 185,
  'e2e/accessibility.test.ts': 165,
  'server/test/fuzz-clinical.test.ts': 155,
  'server/test/fuzz-programme.test.ts': 155,
  'e2e/xss.test.ts': 155,
  'server/test/fuzz-rest.test.ts': 125,
  'src/__tests__/moduleLists.test.tsx': 120,
  'src/__tests__/moduleScreens.second.test.tsx': 115,
  'src/__tests__/moduleSaves.first.test.tsx': 100,
  'src/__tests__/moduleScreens.first.test.tsx': 95,
  'src/__tests__/moduleSaves.second.test.tsx': 75,
  'e2e/media.test.ts': 75,
  'e2e/people.test.ts': 75,
  'server/test/authorization.test.ts': 75,
  'e2e/appointments.test.ts': 65,
  'src/__tests__/backends.test.tsx': 60,
  'e2e/daily-lists.test.ts': 60,
  'src/resources/__tests__/DynamicFormBuilder.test.tsx': 44,
  'src/resources/__tests__/WorkingHours.test.tsx': 39,
};

function estimate(test) {
  const rel = path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/');
  if (ESTIMATES[rel] !== undefined) return ESTIMATES[rel];
  if (/^server\/test\/fuzz-(?!findings)/.test(rel)) return 150; // a group of the fuzzer's routes added later
  const size = test.context.hasteFS.getSize(test.path) ?? 0;
  if (rel.startsWith('e2e/')) return 30 + size / 1000; // a server and Chromium to start, then screens
  if (rel.startsWith('server/')) return 5 + size / 1500; // two databases and apps, then requests
  return 2 + size / 3000; // console: jsdom
}

class LongestFirst extends Sequencer {
  sort(tests) {
    for (const test of tests) {
      // milliseconds, as jest keeps them (it also reads them to decide whether to run in band)
      test.duration = this.time(test) ?? estimate(test) * 1000;
    }
    return [...tests].sort((a, b) => b.duration - a.duration);
  }
}

module.exports = LongestFirst;
