import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router';
import { loadAdminApp } from './adminApp';
import { HOME_PATH, LOGIN_PATH } from './providers/signInPath';
import { PageLoader } from './pages/PageLoader';
import { AuthLayout } from './pages/auth/AuthLayout';
import { LoginPage } from './pages/auth/LoginPage';
import { ForgotPasswordPage } from './pages/auth/ForgotPasswordPage';
import { RequireSession } from './pages/auth/RequireSession';
import { ResetPasswordPage } from './pages/auth/ResetPasswordPage';
import { loadAuthLanguage, useAuthLanguage } from './i18n/authTranslate';
import { DirectionProvider, applyDocumentLanguage } from './i18n/direction';
import { getStoredLanguage } from './i18n/languages';

// react-admin is ~370 KB gzipped: the public screens render without it, and it loads for every other
// path once there is a session (RequireSession sends a visitor without one to the sign-in form first).
const App = lazy(loadAdminApp);

/** The public screens in the language they are shown in, right to left for Arabic. */
const AuthScreens = () => (
  <DirectionProvider language={useAuthLanguage()}>
    <AuthLayout />
  </DirectionProvider>
);

const router = createBrowserRouter([
  {
    path: '/auth',
    element: <AuthScreens />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'verifyEmail', element: <ForgotPasswordPage /> },
      { path: 'resetPassword', element: <ResetPasswordPage /> },
      { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
      { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
    ],
  },
  {
    path: '/',
    element: (
      <RequireSession>
        <Navigate to={HOME_PATH} replace />
      </RequireSession>
    ),
  },
  // react-admin's default sign-in address.
  { path: '/login', element: <Navigate to={LOGIN_PATH} replace /> },
  {
    path: '*',
    element: (
      <RequireSession>
        <Suspense fallback={<PageLoader />}>
          <App />
        </Suspense>
      </RequireSession>
    ),
  },
]);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The stored language's direction and dictionary come first, so nothing is drawn in English or left to
// right and then redrawn (English is built in; another language is one small chunk).
const language = getStoredLanguage();
applyDocumentLanguage(language);
void loadAuthLanguage(language)
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
