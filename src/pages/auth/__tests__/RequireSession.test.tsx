import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { clearSession } from '../../../providers/session';
import { RequireSession } from '../RequireSession';

const CurrentLocation = () => {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
};

// A declarative router: jsdom lacks the Request class that data routers need on navigation.
const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/login" element={<p>Sign-in form</p>} />
        <Route
          path="*"
          element={
            <RequireSession>
              <p>The admin</p>
            </RequireSession>
          }
        />
      </Routes>
      <CurrentLocation />
    </MemoryRouter>,
  );

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
