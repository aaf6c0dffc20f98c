/**
 * Three projects: the server (node, SQLite and PostgreSQL), the console (jsdom) and the browser journeys (e2e).
 *
 * Files run side by side on WORKERS processes (jest's default on 2 cores was one): every server
 * suite makes its own databases (a SQLite file in its own folder, a PostgreSQL database named after its
 * process), every journey starts its own server, SMTP server and Chromium on ports of their own, and
 * the fuzzer is split into route groups (server/test/fuzz-*.test.ts). Longest files first
 * (jest.sequencer.js).
 *
 * TypeScript is only transpiled here, file by file (isolatedModules, set in tsconfig.base.json, which
 * ts-jest follows), and so is this file (ts-node, transpileOnly: type-checking it cost seconds of every
 * run): types are checked by `npm run typecheck`, as .ci/run does before `npm test`.
 *
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "Node"}}
 */
import { availableParallelism } from 'node:os';
import type { Config } from 'jest';

/**
 * One more than the cores: a worker spends part of its time waiting (on PostgreSQL, on its server or
 * Chromium, on a page going idle), which another worker's file fills.
 */
const WORKERS = availableParallelism() + 1;

const esmPackages = [
  'query-string', 'decode-uri-component', 'split-on-first', 'filter-obj', 'react-hotkeys-hook',
].join('|');

const config: Config = {
  maxWorkers: WORKERS,
  testSequencer: '<rootDir>/jest.sequencer.js',
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
      moduleNameMapper: {
        '\\.(css|png|jpg|svg)$': '<rootDir>/src/test/file-stub.js',
        // a language's module words are found by Vite's import.meta.glob, which jest lacks: the same files found with fs
        '^\\./modules/(en|ar|de|es|fr|pt|zh)$': '<rootDir>/src/test/moduleWords/$1.ts',
        // the console's module folders likewise (src/resources/moduleFolders.ts)
        '^\\./moduleFolders$': '<rootDir>/src/test/moduleFolders.ts',
        // MUI's autosizing textarea measures layout jsdom lacks, at a high price (the file says more)
        '^\\.\\./TextareaAutosize$': '<rootDir>/src/test/TextareaAutosize.tsx',
      },
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
