import { useSyncExternalStore, type ReactNode } from 'react';
import { isSignedIn, subscribeSession } from '../../providers/session';
import { signInPath } from '../../providers/signInPath';
import { Navigate } from './entryRouter';
import { currentAddress } from './address';

/**
 * Every page but the public ones needs a session: without one the visitor goes straight to the sign-in
 * form (and back to this page after it), and react-admin is not even loaded. A session that ends later
 * (sign-out, an expired token, another tab signing out) takes react-admin away the same way, in one
 * navigation. react-admin mounted without a session redirects through its own logout on mount, which
 * kept re-running inside our router: the page stayed blank for 12-15 s while /auth/login was pushed
 * some 4,000 times.
 */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  if (signedIn) return children;
  // the address as it is now (the console's router may have moved it since this rendered last)
  const { pathname, search, hash } = currentAddress();
  return <Navigate to={signInPath(`${pathname}${search}${hash}`)} replace />;
};
