import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AuthLayout } from '../../pages/auth/AuthLayout';
import { LoginPage } from '../../pages/auth/LoginPage';
import { loadAuthLanguage, translate, useAuthLanguage } from '../authTranslate';
import { DirectionProvider } from '../direction';

jest.mock('../../adminApp', () => ({ loadAdminApp: jest.fn(() => Promise.resolve()), preloadAdminApp: jest.fn(), loadedAdminApp: jest.fn(() => undefined) }));

/** As ConsoleRoot renders the public screens. */
const AuthScreens = () => (
  <DirectionProvider language={useAuthLanguage()}>
    <AuthLayout>
      <LoginPage />
    </AuthLayout>
  </DirectionProvider>
);

const renderLogin = () => {
  window.history.replaceState(null, '', '/auth/login');
  return render(<AuthScreens />);
};

afterEach(async () => {
  localStorage.clear();
  await act(() => loadAuthLanguage('en'));
  document.documentElement.removeAttribute('dir');
});

describe('sign-in screens', () => {
  it('translate reads the built-in English of these screens, and the key itself when unknown', () => {
    expect(translate('app.auth.sign_in')).toBe('Sign in');
    expect(translate('app.no.such.key')).toBe('app.no.such.key');
    // the console's words are not part of the sign-in bundle
    expect(translate('app.dashboard.welcome', { name: 'Amina' })).toBe('app.dashboard.welcome');
  });

  it('has built in every word the public screens ask for', () => {
    const folder = join(__dirname, '../../pages/auth');
    const sources = [join(__dirname, '../../ConsoleRoot.tsx'), join(__dirname, '../../pages/PageLoader.tsx'), ...readdirSync(folder).filter((name) => /\.tsx?$/.test(name)).map((name) => join(folder, name))];
    const keys = new Set(sources.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/'(app\.[\w.]+)'/g)].map((match) => match[1]!)));
    expect(keys.size).toBeGreaterThan(20);
    expect([...keys].filter((key) => translate(key) === key)).toEqual([]);
  });

  it('fills placeholders from a loaded dictionary', async () => {
    await act(() => loadAuthLanguage('de'));
    expect(translate('app.dashboard.welcome', { name: 'Amina' })).toBe('Willkommen, Amina');
  });

  it('show the stored language once its dictionary has arrived', async () => {
    localStorage.setItem('currentLanguage', 'es');
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Inicie sesión en su cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(translate('resources.admins.name')).toBe('Administrador');
  });

  it('switch language from their own chooser, Arabic right to left', async () => {
    const user = userEvent.setup({ delay: null });
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to account' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await user.click(screen.getByRole('button', { name: 'Language: English (US)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'العربية' }));

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول إلى الحساب' })).toBeInTheDocument();
    expect(localStorage.getItem('currentLanguage')).toBe('ar');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(screen.getByLabelText(/عنوان البريد الإلكتروني/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'اللغة · Language: العربية' }));
    await user.click(await screen.findByRole('menuitem', { name: '简体中文' }));
    expect(await screen.findByRole('heading', { name: '登录账户' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'zh-Hans');
  });
});
