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
 * Seconds a file took in the whole suite on the 2-core test machine (three workers, a CI run of
 * 2026-11-26, rounded); files not named here are guessed from their project and size.
 */
const ESTIMATES = {
  'server/test/fuzz-accounts.test.ts': 230,
  'e2e/accessibility.test.ts': 220,
  'server/test/fuzz-reference.test.ts': 210,
  'e2e/xss.test.ts': 210,
  'server/test/fuzz-programme.test.ts': 175,
  'server/test/fuzz-clinical.test.ts': 170,
  'server/test/fuzz-rest.test.ts': 110,
  'e2e/media.test.ts': 100,
  'e2e/appointments.test.ts': 57,
  'server/test/authorization.test.ts': 55,
  // (measured in a targeted run beside moduleLists, not in a CI run: short files, long runs)
  'src/__tests__/moduleScreens.second.test.tsx': 180,
  'src/__tests__/moduleScreens.first.test.tsx': 150,
  'src/__tests__/moduleSaves.second.test.tsx': 170,
  'src/__tests__/moduleSaves.first.test.tsx': 150,
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
