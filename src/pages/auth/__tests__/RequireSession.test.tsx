import { act, render, screen } from '@testing-library/react';
import { clearSession } from '../../../providers/session';
import { RequireSession } from '../RequireSession';
import { useLocation } from '../entryRouter';

const CurrentLocation = () => {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
};

/** The sign-in form at its address, every other address behind RequireSession (as ConsoleRoot has it). */
const Screens = () =>
  useLocation().pathname === '/auth/login' ? (
    <p>Sign-in form</p>
  ) : (
    <RequireSession>
      <p>The admin</p>
    </RequireSession>
  );

const renderAt = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(
    <>
      <Screens />
      <CurrentLocation />
    </>,
  );
};

const location = () => screen.getByRole('status', { name: 'location' });

beforeEach(() => localStorage.clear());

describe('RequireSession', () => {
  it('sends a visitor without a session to the sign-in form, with the page asked for, and never draws the page', async () => {
    renderAt('/roles?page=2');

    expect(await screen.findByText('Sign-in form')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/auth/login?next=%2Froles%3Fpage%3D2');
    expect(screen.queryByText('The admin')).not.toBeInTheDocument();
  });

  it('shows the page with a session, and leaves it when the session ends (a 401 clears it)', async () => {
    localStorage.setItem('token', 'tok-1');
    renderAt('/cities');
    expect(screen.getByText('The admin')).toBeInTheDocument();

    act(() => clearSession());

    expect(await screen.findByText('Sign-in form')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/auth/login?next=%2Fcities');
  });

  it('leaves the page when another tab signs out', async () => {
    localStorage.setItem('token', 'tok-1');
    renderAt('/dashboard');
    expect(screen.getByText('The admin')).toBeInTheDocument();

    act(() => {
      localStorage.removeItem('token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'tok-1', newValue: null }));
    });

    expect(await screen.findByText('Sign-in form')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/auth\/login$/);
  });
});
