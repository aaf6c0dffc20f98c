/** The conformance module of our own providers (/api/admin, the stored session) over the real server seeded with the demo data (scripts/demo-server.ts). */
import { createAuthProvider } from '../../../providers/authProvider';
import { createDataProvider } from '../../../providers/dataProvider';
import { DEMO_ADMIN } from '../../../providers/fake/demoAdmin';
import { startBackendProcess } from '../backendProcess';
import type { ConformanceModule } from '../types';

export const conformance: ConformanceModule = {
  name: '/api/admin (ours, the real server)',
  startBackend: () => startBackendProcess('scripts/demo-server.ts'),
  createProviders: () => ({ dataProvider: createDataProvider({ navigate: () => undefined }), authProvider: createAuthProvider() }),
  credentials: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  validates: true,
};

export default conformance;
