/**
 * The conformance module of the in-browser demo's providers (src/providers/fake/): no server, the demo data
 * in memory; signing in keeps the demo admin's dumped session, as fake/authApi.ts does (the build swaps it
 * in for ../authApi.ts, which this module cannot).
 */
import { HttpError } from 'ra-core';
import type { Session } from '../../../../contract/api';
import { createAuthProvider } from '../../../providers/authProvider';
import { DEMO_ADMIN } from '../../../providers/fake/demoAdmin';
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
    const authProvider = {
      ...createAuthProvider({ recordIds: 'numbers' }),
      async login({ email, password }: { email: string; password: string }) {
        if (email !== data.admin.email || password !== data.admin.password) throw new HttpError('These credentials do not match our records.', 422);
        saveSession({ ...(data.admin.session as unknown as Omit<Session, 'token'>), token: 'demo-token' } as Session);
      },
    };
    let urls = 0;
    const dataProvider = createFakeDataProvider(data, { objectUrl: () => `blob:conformance/${(urls += 1)}`, download: () => undefined, getIdentity: authProvider.getIdentity });
    return { dataProvider, authProvider };
  },
  credentials: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  validates: false,
};

export default conformance;
