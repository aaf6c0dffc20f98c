import type { ReactNode } from 'react';
import {
  AdminContext,
  ResourceContextProvider,
  memoryStore,
  Notification,
  testDataProvider,
  type AuthProvider,
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetOneParams,
  type GetOneResult,
  type I18nProvider,
  type RaRecord,
  type Store,
  type UpdateParams,
  type UpdateResult,
  type UserIdentity,
} from 'react-admin';
import { canAccess } from '../providers/permissions';
import type { AppDataProvider, AppDataProviderMethods } from '../providers/dataProvider';
import { createI18nProvider } from '../i18n/i18nProvider';

/** An auth provider for a signed-in user holding these permissions, deciding access like the real one. */
export const testAuthProvider = (permissions: string[], identity: UserIdentity = { id: 1, fullName: 'Test Admin' }): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => identity,
  getPermissions: async () => permissions,
  canAccess: async ({ resource, action, record }) => canAccess(permissions, { resource, action, record }),
});

/** Lists served from memory; filter values given to the list call are matched against record fields. */
export const inMemoryLists =
  (lists: Record<string, RaRecord[]>) =>
  async (resource: string, params: GetListParams) => {
    const { paginate: _paginate, q: _q, ...filters } = (params.filter ?? {}) as Record<string, unknown>;
    const data = (lists[resource] ?? []).filter((record) =>
      Object.entries(filters).every(([field, value]) => value === undefined || record[field] === value),
    );
    return { data, total: data.length };
  };

/** The calls a test may provide, typed without react-admin's per-call record generics. */
export interface TestDataProviderCalls extends Partial<AppDataProviderMethods> {
  getList?: (resource: string, params: GetListParams) => Promise<GetListResult>;
  getOne?: (resource: string, params: GetOneParams) => Promise<GetOneResult>;
  create?: (resource: string, params: CreateParams) => Promise<CreateResult>;
  update?: (resource: string, params: UpdateParams) => Promise<UpdateResult>;
}

/** Every custom method of the console's data provider; a Record, so TypeScript holds the list complete. */
const APP_METHODS: Record<keyof AppDataProviderMethods, true> = {
  updateStatus: true,
  exportList: true,
  bulkAction: true,
  exportRecord: true,
  getRecordList: true,
  getDutySlots: true,
  getOpenSlots: true,
  rescheduleAppointment: true,
  uploadChunked: true,
  getPermissionModules: true,
  changePassword: true,
  getProfile: true,
  updateProfile: true,
  getDashboard: true,
  search: true,
  getAuditFacets: true,
  getNotifications: true,
  markNotificationsRead: true,
  countNotificationAudience: true,
  sendNotification: true,
  getRealtimeConfig: true,
  authorizeChannel: true,
  importLocations: true,
  getPromotional: true,
  savePromotionalSection: true,
  addPromotionalItem: true,
  deletePromotionalItem: true,
};
export const appMethodNames = Object.keys(APP_METHODS) as (keyof AppDataProviderMethods)[];

/** A data provider with the console's extra methods; each call that a test does not provide rejects (real time is off). */
export const appTestDataProvider = (overrides: TestDataProviderCalls): AppDataProvider => {
  const reject = (name: string) => () => Promise.reject(new Error(`Unexpected ${name} call`));
  // The generic signatures of DataProvider cannot be met by plain test functions.
  const calls = overrides as unknown as Partial<AppDataProvider>;
  const rejecting = Object.fromEntries(appMethodNames.map((name) => [name, reject(name)])) as unknown as AppDataProviderMethods;
  // Every open list subscribes to changes: without a word from the test, real time is simply off.
  const noRealtime: Pick<AppDataProviderMethods, 'getRealtimeConfig' | 'authorizeChannel'> = {
    getRealtimeConfig: async () => ({ data: null }),
    authorizeChannel: async () => ({ data: null }),
  };
  return { ...testDataProvider(calls), ...rejecting, ...noRealtime, ...calls };
};

let i18nProvider: Promise<I18nProvider> | undefined;
/** The real English i18nProvider, built once per test file. */
export const getTestI18nProvider = (): Promise<I18nProvider> => (i18nProvider ??= createI18nProvider());

export interface AdminTestContextProps {
  children: ReactNode;
  i18nProvider: I18nProvider;
  dataProvider: DataProvider;
  permissions?: string[];
  resource?: string;
  /** who is signed in (the auth provider's getIdentity); a test admin with id 1 when not given */
  identity?: UserIdentity;
  /** the store (what the console kept from an earlier visit: saved filters); a fresh memory store when not given */
  store?: Store;
}

/** react-admin's contexts with a fresh memory store, the app's dictionary, a signed-in user and the toasts. */
export const AdminTestContext = ({ children, i18nProvider, dataProvider, permissions = [], resource, identity, store }: AdminTestContextProps) => (
  <AdminContext
    dataProvider={dataProvider}
    authProvider={testAuthProvider(permissions, identity)}
    i18nProvider={i18nProvider}
    store={store ?? memoryStore()}
  >
    {resource ? <ResourceContextProvider value={resource}>{children}</ResourceContextProvider> : children}
    <Notification />
  </AdminContext>
);
