/**
 * The conformance module of the json-server example (`npm run test:provider -- examples/json-server/conformance.ts`):
 * its backend (server.ts, over the tests' copy of the demo data) in a process of its own, its providers
 * (src/providers/examples/jsonServer.ts) as the console built for it uses them.
 */
import { createJsonServerProviders } from '../../src/providers/examples/jsonServer';
import { DEMO_ADMIN } from '../../src/providers/fake/demoAdmin';
import { startBackendProcess } from '../../src/testing/conformance/backendProcess';
import type { ConformanceModule } from '../../src/testing/conformance/types';
import { demoDataFile } from '../../src/testing/demoData';

export const conformance: ConformanceModule = {
  name: 'json-server (ra-data-json-server with withConsoleMethods)',
  startBackend: () => startBackendProcess('examples/json-server/server.ts', ['0', '--data', demoDataFile()]),
  createProviders: () => createJsonServerProviders('/api'),
  credentials: { username: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  validates: false,
};

export default conformance;
