/**
 * The conformance kit (README, "Checking a provider: the conformance kit"): `describeConformance(module)`
 * declares the provider checks (providerChecks.ts) and the console's screens with the module's providers
 * (screens.tsx) against the backend the module starts. `npm run test:provider -- <module>` runs it for an
 * integrator's module; src/__tests__/conformance.*.test.ts run it for our three providers.
 */
import { describeProviderChecks } from './providerChecks';
import { describeScreens, type ScreenParts } from './screens';
import type { ConformanceModule } from './types';

export type { ConformanceBackend, ConformanceModule, ConformanceProviders } from './types';
export { startBackendProcess } from './backendProcess';

/** The module's conformance module: its `conformance` export, else its default one. */
export function conformanceOf(loaded: { conformance?: ConformanceModule; default?: ConformanceModule }): ConformanceModule {
  const module = loaded.conformance ?? loaded.default;
  if (!module || typeof module.startBackend !== 'function' || typeof module.createProviders !== 'function') {
    throw new Error('A conformance module exports `conformance` (or a default export): { name, startBackend, createProviders, credentials, validates } (src/testing/conformance/types.ts).');
  }
  return module;
}

/**
 * The provider checks (unless `checks: false`), then the screens (unless `screens: false`; `{ lists }` or
 * `{ saves }` for a part, so that two test files share the work). Our own two providers' screens are the
 * console's screen tests (src/__tests__/module*.test.tsx), so their conformance files leave them out.
 */
export function describeConformance(module: ConformanceModule, { checks = true, screens = true }: { checks?: boolean; screens?: boolean | ScreenParts } = {}): void {
  if (checks) describeProviderChecks(module);
  if (screens) describeScreens(module, screens === true ? {} : screens);
}
