import { createElement, use, useDeferredValue, useMemo, useState } from 'react';
import { AdminContext, AdminUI, CanAccess, CustomRoutes, Navigate, Resource, useParams, type AuthProvider, type LoginComponent, type ResourceDefinitions } from 'react-admin';
import { Route } from 'react-router';
import { authProvider as ourAuthProvider } from './providers/authProvider';
import { dataProvider as ourDataProvider, type AppDataProvider } from './providers/dataProvider';
import { consoleStore } from './providers/store';
import { createQueryClient } from './providers/queryClient';
import { integratorRouterProvider } from './integratorRouter';
import { DirectionProvider, useConsoleLanguage } from './i18n/direction';
import { alignAdminLocale, createI18nProvider, useLanguageI18nProvider } from './i18n/i18nProvider';
import { languageDirection } from './i18n/languages';
import { AppLayout, AppNotification } from './layout/AppLayout';
import { StableResourceDefinitions } from './layout/StableResourceDefinitions';
import { buildTheme } from './layout/theme';
import { LocationImport } from './pages/LocationImport';
import { useThemeSettings } from './layout/themeSettings';
import { Dashboard } from './pages/Dashboard';
import { GoToUnauthorized, Unauthorized } from './pages/Unauthorized';
import type { ResourceName } from '../contract/resources';
import { resourceNames, resources } from './resources';
import { ChangePasswordPage } from './resources/admins/ChangePasswordPage';
import { ProfilePage } from './resources/admins/ProfilePage';
// Notifications: custom routes, not a CRUD resource of contract/resources.ts.
import { NotificationList, NotificationSend, RequireNotificationAccess } from './pages/notifications';
// Promotional content: a custom route too (a singleton area and two small collections).
import { PromotionalPage, RequirePromotionalAccess } from './pages/promotional';
import { AuditLogList, RequireAuditAccess } from './pages/audit-log';

const i18nProviderPromise = createI18nProvider();
// Marked as React's `use` reads a settled promise, so a console drawn after it has settled (the chunk
// runs while the sign-in form is shown) does not suspend for it: React 19 keeps a Suspense fallback on
// screen for at least 300 ms.
void i18nProviderPromise.then(
  (value) => Object.assign(i18nProviderPromise, { status: 'fulfilled', value }),
  (reason: unknown) => Object.assign(i18nProviderPromise, { status: 'rejected', reason }),
);

/**
 * The spec's routes (/x/edit/:id, /x/show/:id) lead to react-admin's (/x/:id, /x/:id/show); a module
 * without that screen opens the one it has (an appointment is changed from its page), else its list.
 */
const LegacyRecordRoute = ({ resource, view }: { resource: ResourceName; view: 'edit' | 'show' }) => {
  const { id = '' } = useParams();
  const { edit, show } = resources[resource];
  const path = `/${resource}/${encodeURIComponent(id)}`;
  const opens = view === 'edit' ? (edit ? 'edit' : show ? 'show' : 'list') : show ? 'show' : edit ? 'edit' : 'list';
  return <Navigate to={opens === 'show' ? `${path}/show` : opens === 'edit' ? path : `/${resource}`} replace />;
};

export interface AppProps {
  /**
   * The backend: react-admin's standard calls plus AppDataProviderMethods (README, "Plugging in another
   * backend"). Ours, over /api/admin, by default.
   */
  dataProvider?: AppDataProvider;
  /**
   * Sign-in and permissions; ours (the stored session and its permission names) by default. Its identity
   * names the signed-in admin as the data provider names admins (providers/kit: ConsoleAuthProvider).
   */
  authProvider?: AuthProvider;
  /**
   * The sign-in page react-admin shows a signed-out visitor (at /login, where a failed checkAuth sends
   * him): another backend's, e.g. react-admin's own `Login`. Ours signs in before react-admin loads
   * (src/main.tsx, pages/auth), so by default there is none.
   */
  loginPage?: LoginComponent | false;
}

/**
 * react-admin's resources and routes. Made once: react-admin registers its resources again whenever
 * <Admin>'s children change (new elements on each render of App: a change of language or theme), and
 * that registration drew the whole console a second time.
 */
const resourceElements = resourceNames.map((name) => {
  const { list, create, edit, show, icon, recordRepresentation, parent, routes } = resources[name];
  return (
    <Resource key={name} name={name} list={list} create={create} edit={edit} show={show} icon={icon} recordRepresentation={recordRepresentation}>
      {/* the spec's child route: /x/add/{parent's id} opens the add form under that parent */}
      {parent && create ? <Route path="add/:parentId" element={createElement(create)} /> : null}
      <Route path="add" element={<Navigate to={`/${name}/create`} replace />} />
      <Route path="edit/:id/*" element={<LegacyRecordRoute resource={name} view="edit" />} />
      <Route path="show/:id/*" element={<LegacyRecordRoute resource={name} view="show" />} />
      {routes?.map(({ path, element }) => <Route key={path} path={path} element={createElement(element)} />)}
    </Resource>
  );
});

/**
 * What react-admin registers for those resources (its own `Resource.registerResource`), given to the
 * first render (StableResourceDefinitions) rather than registered after it.
 */
const resourceDefinitions: ResourceDefinitions = Object.fromEntries(
  resourceElements.map((element) => [element.props.name, Resource.registerResource(element.props)]),
);

const adminChildren = (
  <>
    {resourceElements}
    <CustomRoutes>
      <Route path="/dashboard" element={<Dashboard />} />
      <Route path="/authorization" element={<Unauthorized />} />
      <Route path="/admins/profile" element={<ProfilePage />} />
      <Route path="/admins/changePassword/:id?" element={<ChangePasswordPage />} />
      {/* Location import needs create_location, the permission of adding VC areas. */}
      <Route
        path="/locations/import"
        element={
          <CanAccess resource="areas" action="create" accessDenied={<GoToUnauthorized />}>
            <LocationImport />
          </CanAccess>
        }
      />
      {/* Notifications: the sent list (view_notification) and the send form (create_notification). */}
      <Route
        path="/notifications"
        element={
          <RequireNotificationAccess action="list">
            <NotificationList />
          </RequireNotificationAccess>
        }
      />
      {/* the spec's /notifications/edit/{id} (a role editor there): a sent notification is not edited, its list opens */}
      <Route path="/notifications/edit/:id" element={<Navigate to="/notifications" replace />} />
      <Route
        path="/notifications/send"
        element={
          <RequireNotificationAccess action="create">
            <NotificationSend />
          </RequireNotificationAccess>
        }
      />
      {/* The audit log: who did what and when (the activity permissions). */}
      <Route
        path="/audit-log"
        element={
          <RequireAuditAccess>
            <AuditLogList />
          </RequireAuditAccess>
        }
      />
      {/* Promotional content of the landing site (view_setting). */}
      <Route
        path="/promotional"
        element={
          <RequirePromotionalAccess>
            <PromotionalPage />
          </RequirePromotionalAccess>
        }
      />
    </CustomRoutes>
  </>
);

/** The console opens on the dashboard (react-admin's home would be the first module's list). */
const GoToDashboard = () => <Navigate to="/dashboard" replace />;

export const App = ({ dataProvider = ourDataProvider, authProvider = ourAuthProvider, loginPage = false }: AppProps) => {
  const loadedI18nProvider = use(i18nProviderPromise);
  // The theme follows the settings panel; deferred, so dragging a colour picker stays smooth.
  const themeSettings = useDeferredValue(useThemeSettings().settings);
  // The stored language (sign-in screens, other tabs) wins over react-admin's copy; Arabic is right to left.
  useState(alignAdminLocale);
  const language = useConsoleLanguage();
  const direction = languageDirection(language);
  // a change of language draws the console again in place (LanguageMenu, ConsoleI18nProvider.switchLocale)
  const i18nProvider = useLanguageI18nProvider(loadedI18nProvider, language);
  const theme = useMemo(() => buildTheme(themeSettings, direction), [themeSettings, direction]);
  // a 404 (an unknown or deleted record) is not tried again: its message shows at once
  const [queryClient] = useState(createQueryClient);
  // a list's selected rows in memory, the rest of the store in local storage (providers/store.ts)
  const [store] = useState(consoleStore);
  return (
    <DirectionProvider language={language}>
      {/* react-admin's <Admin> (its context, then its routes), with the definitions kept in between while
          react-admin registers the same resources again (StableResourceDefinitions) */}
      <AdminContext
        dataProvider={dataProvider}
        queryClient={queryClient}
        store={store}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        routerProvider={integratorRouterProvider}
      >
        <StableResourceDefinitions initial={resourceDefinitions}>
          <AdminUI
            layout={AppLayout}
            notification={AppNotification}
            accessDenied={GoToUnauthorized}
            dashboard={GoToDashboard}
            loginPage={loginPage}
            requireAuth
            disableTelemetry
          >
            {adminChildren}
          </AdminUI>
        </StableResourceDefinitions>
      </AdminContext>
    </DirectionProvider>
  );
};

export default App;
