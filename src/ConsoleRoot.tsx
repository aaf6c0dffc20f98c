import { Suspense, lazy, useState, useSyncExternalStore, type ReactNode } from 'react';
import { loadAdminApp, loadedAdminApp } from './adminApp';
import { HOME_PATH, LOGIN_PATH } from './providers/signInPath';
import { PageLoader } from './pages/PageLoader';
import { AuthLayout } from './pages/auth/AuthLayout';
import { ForgotPasswordPage } from './pages/auth/ForgotPasswordPage';
import { LoginPage } from './pages/auth/LoginPage';
import { RequireSession } from './pages/auth/RequireSession';
import { ResetPasswordPage } from './pages/auth/ResetPasswordPage';
import { Navigate, subscribeLocation } from './pages/auth/entryRouter';
import { currentAddress } from './pages/auth/address';
import { useAuthLanguage } from './i18n/authTranslate';
import { DirectionProvider } from './i18n/direction';

// react-admin, react-router and every screen: loaded for every other path once there is a session
// (RequireSession sends a visitor without one to the sign-in form first), and fetched ahead while the
// sign-in form is shown (adminApp.ts).
const AdminRouter = lazy(loadAdminApp);

/** The console: at once when its chunk has run already, else once it has loaded (the page loader meanwhile). */
const SignedInConsole = () => {
  // chosen once per mount, so the console is never swapped for another component while it is shown
  const [Console] = useState(() => loadedAdminApp() ?? AdminRouter);
  return (
    <Suspense fallback={<PageLoader />}>
      <Console />
    </Suspense>
  );
};

/** The public screens in the language they are shown in, right to left for Arabic. */
const AuthScreens = ({ children }: { children: ReactNode }) => (
  <DirectionProvider language={useAuthLanguage()}>
    <AuthLayout>{children}</AuthLayout>
  </DirectionProvider>
);

type Place = 'login' | 'verifyEmail' | 'resetPassword' | 'toLogin' | 'home' | 'console';

/** Which screen an address shows (case-insensitive, a trailing slash ignored, as react-router matches). */
const placeOf = (pathname: string): Place => {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (path === '/auth/login') return 'login';
  if (path === '/auth/verifyemail') return 'verifyEmail';
  if (path === '/auth/resetpassword') return 'resetPassword';
  // the other /auth addresses, and react-admin's default sign-in address
  if (path === '/auth' || path.startsWith('/auth/') || path === '/login') return 'toLogin';
  if (path === '/') return 'home';
  return 'console';
};

const currentPlace = () => placeOf(currentAddress().pathname);

/**
 * The console's first decision, made before react-admin loads: the sign-in screens, a redirect, or
 * (with a session) the signed-in console in its own router. Only a change of place re-renders it; the
 * console's own navigations stay inside its router.
 */
export const ConsoleRoot = () => {
  const place = useSyncExternalStore(subscribeLocation, currentPlace);
  switch (place) {
    case 'login':
      return <AuthScreens><LoginPage /></AuthScreens>;
    case 'verifyEmail':
      return <AuthScreens><ForgotPasswordPage /></AuthScreens>;
    case 'resetPassword':
      return <AuthScreens><ResetPasswordPage /></AuthScreens>;
    case 'toLogin':
      return <Navigate to={LOGIN_PATH} replace />;
    case 'home':
      return (
        <RequireSession>
          <Navigate to={HOME_PATH} replace />
        </RequireSession>
      );
    default:
      return (
        <RequireSession>
          <SignedInConsole />
        </RequireSession>
      );
  }
};
