import { RouterProvider, createBrowserRouter, createHashRouter } from 'react-router';
import { App } from './App';
import { authProvider, dataProvider } from './providers/backend';
import { setHistoryDriver } from './pages/auth/entryRouter';
import { HASH_ROUTING } from './routing';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The console's router (react-router's data router, which react-admin's unsaved-changes warning needs),
 * made when the console is first drawn rather than when this chunk loads: the chunk is fetched and run
 * while the sign-in form is shown, and a router made then would start at the form's address. From then
 * on it drives the history, the sign-in screens' navigations included (entryRouter.tsx).
 */
const adminRouter = () => {
  if (!router) {
    // the address in the page's path, or in its hash (routing.ts: the in-browser demo)
    router = (HASH_ROUTING ? createHashRouter : createBrowserRouter)([{ path: '*', element: <App dataProvider={dataProvider} authProvider={authProvider} /> }]);
    setHistoryDriver(router);
  }
  return router;
};

/** The signed-in console in its router: the chunk the entry loads lazily (adminApp.ts). */
const AdminRouter = () => <RouterProvider router={adminRouter()} />;

export default AdminRouter;
