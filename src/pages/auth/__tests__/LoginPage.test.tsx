import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthLayout } from '../AuthLayout';
import { LoginPage } from '../LoginPage';

// Signing in starts downloading the admin bundle; that is not what these tests look at.
jest.mock('../../../adminApp', () => ({ loadAdminApp: jest.fn(() => Promise.resolve()) }));

const answer = (status: number, body: unknown) =>
  jest.fn(async () => ({ status, text: async () => JSON.stringify(body) }) as unknown as Response);

const CurrentPath = () => <output aria-label="path">{useLocation().pathname}</output>;

// A declarative router: jsdom lacks the Request class that data routers need on navigation.
const renderLogin = () =>
  render(
    <MemoryRouter initialEntries={['/auth/login']}>
      <Routes>
        <Route path="/auth" element={<AuthLayout />}>
          <Route path="login" element={<LoginPage />} />
        </Route>
        <Route path="/dashboard" element={<p>Dashboard page</p>} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
      <CurrentPath />
    </MemoryRouter>,
  );

const signIn = async (email: string, password: string) => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Email Address/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

afterEach(() => localStorage.clear());

describe('Login screen', () => {
  it("shows the server's field error under the email field", async () => {
    global.fetch = answer(422, {
      success: false,
      message: 'The given data was invalid.',
      error: { email: ['These credentials do not match our records.', 'second message'] },
    });
    renderLogin();

    await signIn('amina@example.org', 'wrong-password');

    const email = screen.getByLabelText(/Email Address/);
    expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('These credentials do not match our records.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('second message')).not.toBeInTheDocument();
  });

  it('shows a general error such as a blocked account', async () => {
    global.fetch = answer(403, { success: false, message: 'Your account is blocked.' });
    renderLogin();

    await signIn('amina@example.org', 'secret-pass');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is blocked.');
  });

  it('checks the fields before calling the server', async () => {
    global.fetch = jest.fn();
    renderLogin();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Please provide your email.')).toBeInTheDocument();
    expect(screen.getByText('Please provide your password.')).toBeInTheDocument();
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('stores the session and goes to the dashboard after signing in', async () => {
    global.fetch = answer(200, {
      success: true,
      data: {
        token: 'tok-1',
        encrypted_id: 'a.AAA1',
        id: 1,
        f_name: 'Amina',
        l_name: null,
        email: 'amina@example.org',
        roles: [{ name: 'Super Admin' }],
        permissions: ['view_sub_admin'],
        pusher_id: 'p-1',
        remember_me_token: null,
        file: null,
        expires_at: '2030-01-01T00:00:00Z',
      },
    });
    renderLogin();

    await signIn('amina@example.org', 'secret-pass');

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/dashboard');
    expect(localStorage.getItem('token')).toBe('tok-1');
  });

  it('sends a signed-in user from the login screen to /', async () => {
    localStorage.setItem('token', 'tok-1');
    renderLogin();

    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});
