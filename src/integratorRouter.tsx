import { createContext, use, useState, type ReactNode } from 'react';
import { reactRouterProvider, type RouterProvider as AdminRouterProvider, type RouterWrapperProps } from 'react-admin';
import { createHashRouter, RouterProvider } from 'react-router';

/**
 * The router of a console rendered without one (an integrator's entry point: `<App loginPage={Login} />`,
 * README "Plugging in another backend"); ours makes its own (AdminRouter.tsx), and then this one stays out
 * of the way. It is react-admin's (a hash data router) with two differences:
 *
 * - **navigations apply at once, not in a React transition.** react-router 7 applies a location change in
 *   `startTransition`. A signed-out visitor is sent to the sign-in page by react-admin's `LogoutOnMount`,
 *   whose sign-out resets the store and clears the queries: urgent updates that make the auth check pending
 *   again, remount `LogoutOnMount`, sign out again, and restart the transition to `/login` before it can
 *   commit, until React expires it. Measured in Chromium on the json-server example: a blank page for
 *   9.8-14 s and about 900 sign-outs before the form; applied at once, the form at 1.7 s after one.
 * - it is made once, not on every render of `<Admin>` (react-admin's is rebuilt each time).
 */
const Tree = createContext<ReactNode>(null);
const CurrentTree = () => use(Tree);

const HashRouter = ({ basename, children }: RouterWrapperProps) => {
  const [router] = useState(() => createHashRouter([{ path: '*', element: <CurrentTree /> }], { basename }));
  return (
    <Tree value={children}>
      <RouterProvider router={router} useTransitions={false} />
    </Tree>
  );
};

const RouterWrapper = (props: RouterWrapperProps) => (reactRouterProvider.useInRouterContext() ? props.children : <HashRouter {...props} />);

export const integratorRouterProvider: AdminRouterProvider = { ...reactRouterProvider, RouterWrapper };
