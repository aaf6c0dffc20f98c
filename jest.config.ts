/** Three projects: the server (node, SQLite and PostgreSQL), the console (jsdom) and the browser journeys (e2e). */
import type { Config } from 'jest';

const esmPackages = [
  'query-string', 'decode-uri-component', 'split-on-first', 'filter-obj', 'react-hotkeys-hook',
].join('|');

const config: Config = {
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      // jest's 5 s default is no deadline of ours: a suite's beforeAll makes a database and an app (about
      // a second on PostgreSQL on an idle machine, several while another process keeps both cores busy),
      // and when it timed out, the skipped afterAll left that app's pool working past the file's end
      // ("Cannot read properties of undefined (reading 'Socket')"). Waits inside tests end on their
      // condition, never on this.
      testTimeout: 30_000,
      roots: ['<rootDir>/server/test'],
      transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/server/tsconfig.json' }] },
    },
    {
      displayName: 'console',
      testEnvironment: 'jsdom',
      // a screen test renders react-admin in jsdom: about a second on an idle machine, three or four
      // while another process keeps both cores busy; the waits inside end as soon as their condition holds
      testTimeout: 30_000,
      roots: ['<rootDir>/src'],
      setupFiles: ['<rootDir>/src/test/setup-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
      transform: {
        '^.+\\.(t|j)sx?$': ['ts-jest', {
          tsconfig: { jsx: 'react-jsx', allowJs: true, module: 'CommonJS', moduleResolution: 'Node', esModuleInterop: true, isolatedModules: true },
        }],
      },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
      moduleNameMapper: { '\\.(css|png|jpg|svg)$': '<rootDir>/src/test/file-stub.js' },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testTimeout: 120000,
      transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/server/tsconfig.json' }] },
    },
  ],
};

export default config;
