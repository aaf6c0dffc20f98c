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
 * 2026-11-26 21:34 UTC on the 2-core Intel Xeon, rounded to 5 s); files not named here are guessed from
 * their project and size.
 */
const ESTIMATES = {
  'e2e/xss.test.ts': 145,
  'e2e/accessibility.test.ts': 135,
  'server/test/fuzz-accounts.test.ts': 115,
  'server/test/contract.test.ts': 100,
  'server/test/fuzz-clinical.test.ts': 95,
  'server/test/fuzz-programme.test.ts': 95,
  'server/test/fuzz-reference.test.ts': 90,
  'src/__tests__/moduleLists.test.tsx': 75,
  'src/__tests__/moduleScreens.first.test.tsx': 60,
  'e2e/media.test.ts': 60,
  'server/test/fuzz-rest.test.ts': 60,
  'src/__tests__/moduleScreens.second.test.tsx': 55,
  'e2e/people.test.ts': 45,
  'e2e/appointments.test.ts': 45,
  'e2e/security.test.ts': 40,
  'src/__tests__/moduleSaves.first.test.tsx': 40,
  'e2e/daily-lists.test.ts': 35,
  'e2e/promotional.test.ts': 35,
  'e2e/facilities.test.ts': 35,
  'src/__tests__/moduleSaves.second.test.tsx': 35,
  'server/test/timeouts.test.ts': 30,
  'e2e/programme.test.ts': 30,
  'e2e/foundation.test.ts': 30,
  'src/__tests__/backends.test.tsx': 30,
  // not from that run: measured apart on the same machine under other sessions' load (about 120 s and
  // 140 s there), halved for an idle one: a demo data set seeded, then every FHIR resource walked and validated
  'server/test/fhir-postgres.test.ts': 70,
  'server/test/fhir-sqlite.test.ts': 60,
};

function estimate(test) {
  const rel = path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/');
  if (ESTIMATES[rel] !== undefined) return ESTIMATES[rel];
  if (/^server\/test\/fuzz-(?!findings)/.test(rel)) return 90; // a group of the fuzzer's routes added later
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
