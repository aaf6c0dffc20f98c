import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConsoleRoot } from '../../../ConsoleRoot';
import { useLocation } from '../entryRouter';
import { recordedCalls } from '../../../test/recorded-http';

// The form fetches the console ahead, and signing in opens it; here the console is a page naming its path.
jest.mock('../../../adminApp', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const pages: Record<string, string> = { '/dashboard': 'Dashboard page', '/roles': 'Roles page' };
  const Console = () => createElement('p', null, pages[window.location.pathname] ?? 'Another page');
  return { loadAdminApp: jest.fn(() => Promise.resolve({ default: Console })), preloadAdminApp: jest.fn(), loadedAdminApp: jest.fn(() => undefined) };
});

const answer = (status: number, body: unknown) =>
  jest.fn(async () => ({ status, text: async () => JSON.stringify(body) }) as unknown as Response);

/** The real server's answer to a good sign-in (npm run record-fixtures). */
const signedIn = () => answer(200, recordedCalls.login.body);

const CurrentPath = () => {
  const { pathname, search } = useLocation();
  return <output aria-label="path">{`${pathname}${search}`}</output>;
};

// The entry as main.tsx renders it, at an address of the page.
const renderLogin = (path = '/auth/login') => {
  window.history.replaceState(null, '', path);
  return render(
    <>
      <ConsoleRoot />
      <CurrentPath />
    </>,
  );
};

const signIn = async (email: string, password: string) => {
  const user = userEvent.setup({ delay: null });
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

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Please provide your email.')).toBeInTheDocument();
    expect(screen.getByText('Please provide your password.')).toBeInTheDocument();
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('stores the session and goes to the dashboard after signing in', async () => {
    global.fetch = signedIn();
    renderLogin();

    await signIn('amina@example.org', 'secret-pass');

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/dashboard');
    expect(localStorage.getItem('token')).toBe(recordedCalls.login.body.data.token);
  });

  it('goes back to the page asked for before signing in, when it is a page of the console', async () => {
    global.fetch = signedIn();
    renderLogin('/auth/login?next=%2Froles%3Fpage%3D2');
    await signIn('amina@example.org', 'secret-pass');
    expect(await screen.findByText('Roles page')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/roles?page=2');
  });

  it('ignores a next address of another site', async () => {
    global.fetch = signedIn();
    renderLogin(`/auth/login?next=${encodeURIComponent('//evil.example/phish')}`);
    await signIn('amina@example.org', 'secret-pass');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('sends a signed-in user from the login screen on to the page asked for, or the dashboard', async () => {
    localStorage.setItem('token', 'tok-1');
    const { unmount } = renderLogin();
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    unmount();

    renderLogin('/auth/login?next=%2Froles');
    expect(await screen.findByText('Roles page')).toBeInTheDocument();
  });
});
