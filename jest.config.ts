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
      // each project's test ceiling is set in its setup file: jest ignores `testTimeout` here
      setupFilesAfterEnv: ['<rootDir>/server/test/helpers/ceiling.ts'],
      roots: ['<rootDir>/server/test'],
      transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/server/tsconfig.json' }] },
    },
    {
      displayName: 'console',
      testEnvironment: 'jsdom',
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
      setupFilesAfterEnv: ['<rootDir>/e2e/helpers/ceiling.ts'],
      transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/server/tsconfig.json' }] },
    },
  ],
};

export default config;
