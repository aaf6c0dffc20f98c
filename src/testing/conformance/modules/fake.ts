/** The conformance module of the in-browser demo's providers (src/providers/fake/): no server, the demo data in memory; signing in keeps the demo admin's session, as fake/authApi.ts does. */
import { createAuthProvider } from '../../../providers/authProvider';
import { createFakeDataProvider } from '../../../providers/fake/fakeDataProvider';
import type { DemoData } from '../../../providers/fake/demoData';
import { saveSession } from '../../../providers/session';
import { loadTestDemoData } from '../../demoData';
import type { ConformanceModule } from '../types';

export const conformance: ConformanceModule = {
  name: 'in-browser (the fake provider)',
  startBackend: async () => ({ stop: async () => undefined }),
  createProviders() {
    const data = JSON.parse(JSON.stringify(loadTestDemoData())) as DemoData;
    const authProvider = { ...createAuthProvider({ recordIds: 'numbers' }), login: async () => saveSession(data.admin.session as Parameters<typeof saveSession>[0]) };
    let urls = 0;
    const dataProvider = createFakeDataProvider(data, { objectUrl: () => `blob:conformance/${(urls += 1)}`, download: () => undefined, getIdentity: authProvider.getIdentity });
    return { dataProvider, authProvider };
  },
  credentials: {},
  validates: false,
};

export default conformance;
