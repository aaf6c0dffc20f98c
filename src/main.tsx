import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, RouterProvider, createBrowserRouter } from 'react-router';
import { loadAdminApp } from './adminApp';
import { PageLoader } from './pages/PageLoader';
import { AuthLayout } from './pages/auth/AuthLayout';
import { LoginPage } from './pages/auth/LoginPage';
import { ForgotPasswordPage } from './pages/auth/ForgotPasswordPage';
import { ResetPasswordPage } from './pages/auth/ResetPasswordPage';

// react-admin is ~370 KB gzipped: the public screens render without it and it loads for every other path.
const App = lazy(loadAdminApp);

const router = createBrowserRouter([
  {
    path: '/auth',
    element: <AuthLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'verifyEmail', element: <ForgotPasswordPage /> },
      { path: 'resetPassword', element: <ResetPasswordPage /> },
      { index: true, element: <Navigate to="/auth/login" replace /> },
      { path: '*', element: <Navigate to="/auth/login" replace /> },
    ],
  },
  { path: '/', element: <Navigate to="/dashboard" replace /> },
  // react-admin sends signed-out users to /login by default.
  { path: '/login', element: <Navigate to="/auth/login" replace /> },
  {
    path: '*',
    element: (
      <Suspense fallback={<PageLoader />}>
        <App />
      </Suspense>
    ),
  },
]);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
