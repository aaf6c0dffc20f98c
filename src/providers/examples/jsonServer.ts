/**
 * The console on a plain REST backend (examples/json-server/: the demo data served by json-server 0.17,
 * with a token sign-in), on top of ra-data-json-server and the kit's withConsoleMethods. README, "A third
 * backend", counts its lines.
 */
import jsonServerProvider from 'ra-data-json-server';
import { fetchUtils, type DataProvider } from 'ra-core';
import { ALL_PERMISSIONS, withConsoleMethods, type ConsoleAuthProvider } from '../kit';

const KEY = 'json-server-session';
type Session = { token: string; id: number; fullName: string };
const session = (): Session | null => JSON.parse(localStorage.getItem(KEY) ?? 'null') as Session | null;

const http = (url: string, options: fetchUtils.Options = {}) =>
  fetchUtils.fetchJson(url, { ...options, user: { authenticated: Boolean(session()), token: `Bearer ${session()?.token ?? ''}` } });

/** The console's list filter in json-server's words: the date range on created_at, a subset of ids. */
const filterOf = ({ start_date, end_date, ids, ...rest }: Record<string, unknown> = {}) => ({
  ...rest,
  ...(start_date ? { created_at_gte: start_date } : {}),
  ...(end_date ? { created_at_lte: `${String(end_date)}T23:59:59.999Z` } : {}),
  ...(ids ? { id: ids } : {}),
});

export function createJsonServerProviders(apiUrl = '/api') {
  const base = jsonServerProvider(apiUrl, http);
  const standard: DataProvider = {
    ...base,
    getList: (resource, params) => base.getList(resource, { ...params, filter: filterOf(params.filter) }),
    getManyReference: (resource, params) => base.getManyReference(resource, { ...params, filter: filterOf(params.filter) }),
  };
  const authProvider: ConsoleAuthProvider = {
    async login({ username, password }: { username: string; password: string }) {
      const { json } = await fetchUtils.fetchJson(`${apiUrl}/login`, { method: 'POST', body: JSON.stringify({ email: username, password }) });
      localStorage.setItem(KEY, JSON.stringify(json));
    },
    logout: async () => localStorage.removeItem(KEY),
    async checkAuth() {
      if (!session()) throw new Error('Not signed in');
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) throw error;
    },
    async getIdentity() {
      const signedIn = session();
      if (!signedIn) throw new Error('Not signed in');
      return { id: signedIn.id, fullName: signedIn.fullName };
    },
    getPermissions: async () => (session() ? [...ALL_PERMISSIONS] : []),
  };
  return { authProvider, dataProvider: withConsoleMethods(standard, { getIdentity: authProvider.getIdentity }) };
}
