import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConsoleRoot } from '../../../ConsoleRoot';
import { Link, navigate, setHistoryDriver, useLocation, type HistoryDriver } from '../entryRouter';

jest.mock('../../../adminApp', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const Console = () => createElement('p', null, `Console at ${window.location.pathname}`);
  return { loadAdminApp: jest.fn(() => Promise.resolve({ default: Console })), preloadAdminApp: jest.fn(), loadedAdminApp: jest.fn(() => undefined) };
});

const Where = () => {
  const { pathname, search, state } = useLocation();
  return <output aria-label="where">{`${pathname}${search} ${JSON.stringify(state)}`}</output>;
};
const where = () => screen.getByRole('status', { name: 'where' });

const at = (path: string) => window.history.replaceState(null, '', path);

afterEach(() => localStorage.clear());

describe("the sign-in bundle's router", () => {
  it('sends the other /auth addresses and /login to the sign-in form, whatever their case', async () => {
    for (const path of ['/auth', '/auth/nowhere', '/login', '/AUTH/Login/']) {
      at(path);
      const { unmount } = render(<ConsoleRoot />);
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      expect(window.location.pathname.toLowerCase().replace(/\/$/, '')).toBe('/auth/login');
      unmount();
    }
  });

  it('opens the forgot-password screen from its link without reloading, and follows back and forward', async () => {
    at('/auth/login');
    render(
      <>
        <ConsoleRoot />
        <Where />
      </>,
    );
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(where()).toHaveTextContent('/auth/verifyEmail');

    act(() => {
      window.history.replaceState(null, '', '/auth/login');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('heading', { name: 'Sign in to account' })).toBeInTheDocument();
  });

  it('leaves modified clicks to the browser', () => {
    at('/auth/login');
    render(
      <>
        <Link to="/auth/verifyEmail">elsewhere</Link>
        <Where />
      </>,
    );
    const link = screen.getByRole('link', { name: 'elsewhere' });
    expect(link).toHaveAttribute('href', '/auth/verifyEmail');
    // what the link left to the browser, seen after React's handler (jsdom cannot follow the link itself)
    let leftToBrowser: boolean | undefined;
    const seen = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', seen);
    try {
      for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) {
        fireEvent.click(link, { [modifier]: true });
        expect(leftToBrowser).toBe(true);
        expect(where()).toHaveTextContent('/auth/login');
      }
      fireEvent.click(link);
      expect(leftToBrowser).toBe(false);
      expect(where()).toHaveTextContent('/auth/verifyEmail');
    } finally {
      window.removeEventListener('click', seen);
    }
  });

  it("hands navigations to the console's router once there is one, and follows its changes", () => {
    at('/auth/login');
    const listeners: (() => void)[] = [];
    const driver: HistoryDriver = {
      navigate: jest.fn((to: string, { state }: { state?: unknown }) => {
        window.history.pushState({ usr: state }, '', to);
        listeners.forEach((listener) => listener());
      }),
      subscribe: (listener) => {
        listeners.push(listener);
        return () => undefined;
      },
    };
    render(<Where />);
    act(() => setHistoryDriver(driver));

    act(() => navigate('/roles?page=2', { replace: true, state: { from: 'test' } }));
    expect(driver.navigate).toHaveBeenCalledWith('/roles?page=2', { replace: true, state: { from: 'test' } });
    expect(where()).toHaveTextContent('/roles?page=2 {"from":"test"}');

    // a navigation of the console's own (its links) reaches the entry too
    act(() => {
      window.history.pushState({ usr: null }, '', '/cities');
      listeners.forEach((listener) => listener());
    });
    expect(where()).toHaveTextContent('/cities null');
  });
});
