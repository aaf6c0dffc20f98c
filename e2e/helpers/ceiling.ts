/**
 * Runs in every browser journey (jest.config.ts, setupFilesAfterEnv): 120 s a test unless the file sets
 * its own (a `testTimeout` inside a `projects` entry is not honoured by jest). A journey drives Chromium
 * against the real server through several screens.
 */
jest.setTimeout(120_000);
