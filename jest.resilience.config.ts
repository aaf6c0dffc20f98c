/**
 * `npm run test:resilience` (scripts/resilience.mjs): the real server as a child process, killed
 * mid-work and backed up while it runs. Kept out of `npm test`: each test starts servers and fires
 * thousands of requests. One file at a time (they load the machine on purpose).
 *
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "Node"}}
 */
import type { Config } from 'jest';

const config: Config = {
  displayName: 'resilience',
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/server/resilience'],
  testTimeout: 300_000,
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/server/tsconfig.json' }] },
};

export default config;
