import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthLayout } from '../../pages/auth/AuthLayout';
import { LoginPage } from '../../pages/auth/LoginPage';
import { loadAuthLanguage, translate, useAuthLanguage } from '../authTranslate';
import { DirectionProvider } from '../direction';

jest.mock('../../adminApp', () => ({ loadAdminApp: jest.fn(() => Promise.resolve()) }));

/** As main.tsx renders the public screens. */
const AuthScreens = () => (
  <DirectionProvider language={useAuthLanguage()}>
    <AuthLayout />
  </DirectionProvider>
);

const renderLogin = () =>
  render(
    <MemoryRouter initialEntries={['/auth/login']}>
      <Routes>
        <Route path="/auth" element={<AuthScreens />}>
          <Route path="login" element={<LoginPage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );

afterEach(async () => {
  localStorage.clear();
  await act(() => loadAuthLanguage('en'));
  document.documentElement.removeAttribute('dir');
});

describe('sign-in screens', () => {
  it('translate reads English with placeholders, and the key itself when unknown', () => {
    expect(translate('app.auth.sign_in')).toBe('Sign in');
    expect(translate('app.dashboard.welcome', { name: 'Amina' })).toBe('Welcome, Amina');
    expect(translate('app.no.such.key')).toBe('app.no.such.key');
  });

  it('show the stored language once its dictionary has arrived', async () => {
    localStorage.setItem('currentLanguage', 'es');
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Inicie sesión en su cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(translate('resources.admins.name')).toBe('Administrador');
  });

  it('switch language from their own chooser, Arabic right to left', async () => {
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to account' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');

    await user.click(screen.getByRole('button', { name: 'Language: English (US)' }));
    await user.click(screen.getByRole('menuitem', { name: 'العربية' }));

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول إلى الحساب' })).toBeInTheDocument();
    expect(localStorage.getItem('currentLanguage')).toBe('ar');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(screen.getByLabelText(/عنوان البريد الإلكتروني/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'اللغة · Language: العربية' }));
    await user.click(screen.getByRole('menuitem', { name: '简体中文' }));
    expect(await screen.findByRole('heading', { name: '登录账户' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'zh-Hans');
  });
});
