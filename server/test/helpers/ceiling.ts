/**
 * Runs in every server test file (jest.config.ts, setupFilesAfterEnv): a test's ceiling, 30 s instead of
 * jest's 5 s (a `testTimeout` inside a `projects` entry is not honoured by jest). A suite's beforeAll
 * makes a database and an app (about a second on PostgreSQL on an idle machine, several while another
 * process keeps both cores busy); when it timed out, the skipped afterAll left that app's pool working
 * past the file's end ("Cannot read properties of undefined (reading 'Socket')"). Waits inside tests
 * end on their condition, never on this.
 */
jest.setTimeout(120_000);
