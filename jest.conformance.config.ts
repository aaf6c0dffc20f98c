/**
 * `npm run test:provider -- <module>` (scripts/test-provider.mjs): the console's project (jsdom, its
 * transforms and set-up, jest.config.ts) running the conformance kit alone against the module named in
 * PROVIDER_MODULE (src/testing/conformance/provider.conformance.ts).
 *
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "Node"}}
 */
import type { Config } from 'jest';
import main from './jest.config';

const project = (main.projects as Config[]).find((candidate) => candidate.displayName === 'console')!;

const config: Config = {
  ...project,
  displayName: 'conformance',
  rootDir: '.',
  roots: ['<rootDir>/src', '<rootDir>/examples'],
  testMatch: ['<rootDir>/src/testing/conformance/provider.conformance.ts'],
};

export default config;
