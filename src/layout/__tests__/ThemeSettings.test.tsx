import { useMemo } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from '@mui/material/styles';
import { AdminContext, memoryStore, type I18nProvider } from 'react-admin';
import { buildTheme } from '../theme';
import { ThemeSettingsButton } from '../ThemeSettings';
import { useThemeSettings } from '../themeSettings';
import { getTestI18nProvider } from '../../testing/AdminTestContext';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await getTestI18nProvider();
});

beforeEach(() => localStorage.clear());

const ThemeProbe = () => {
  const theme = useTheme();
  return (
    <output aria-label="theme">
      {theme.palette.mode} {theme.palette.primary.main} {theme.palette.secondary.main}
    </output>
  );
};

/** What App does: the theme settings build the theme given to react-admin. */
const ThemedAdmin = () => {
  const { settings } = useThemeSettings();
  const theme = useMemo(() => buildTheme(settings), [settings]);
  const store = useMemo(() => memoryStore(), []);
  return (
    <AdminContext theme={theme} i18nProvider={i18nProvider} store={store}>
      <ThemeSettingsButton />
      <ThemeProbe />
    </AdminContext>
  );
};

const probe = () => screen.getByRole('status', { name: 'theme', hidden: true }).textContent;

describe('Theme settings', () => {
  it('starts light with the spec’s default colours', () => {
    render(<ThemedAdmin />);
    expect(probe()).toBe('light #6153ea #f73164');
  });

  it('changes the primary colour at once and keeps it after a reload', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<ThemedAdmin />);

    await user.click(screen.getByRole('button', { name: 'Theme settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Theme settings' });
    const primary = within(panel).getByLabelText('Primary colour');
    expect(primary).toHaveValue('#6153ea');
    fireEvent.change(primary, { target: { value: '#0a8754' } });

    expect(probe()).toBe('light #0a8754 #f73164');
    expect(localStorage.getItem('primary_color')).toBe('#0a8754');

    unmount();
    render(<ThemedAdmin />);
    expect(probe()).toBe('light #0a8754 #f73164');
  });

  it('switches to the dark layout and changes the secondary colour, and Reset restores the defaults', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ThemedAdmin />);

    await user.click(screen.getByRole('button', { name: 'Theme settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Theme settings' });
    await user.click(within(panel).getByRole('button', { name: 'Dark' }));
    fireEvent.change(within(panel).getByLabelText('Secondary colour'), { target: { value: '#123456' } });

    expect(probe()).toBe('dark #6153ea #123456');
    expect(localStorage.getItem('theme_mode')).toBe('dark');
    expect(localStorage.getItem('secondary_color')).toBe('#123456');
    expect(within(panel).getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(panel).getByRole('button', { name: 'Reset' }));
    expect(probe()).toBe('light #6153ea #f73164');
    expect(localStorage.getItem('theme_mode')).toBeNull();
    expect(localStorage.getItem('primary_color')).toBeNull();
    expect(localStorage.getItem('secondary_color')).toBeNull();
  });

  it('ignores stored values that are not colours', () => {
    localStorage.setItem('primary_color', 'red; background: url(x)');
    localStorage.setItem('secondary_color', '#ABCDEF');
    render(<ThemedAdmin />);
    expect(probe()).toBe('light #6153ea #abcdef');
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ThemedAdmin />);

    await user.click(screen.getByRole('button', { name: 'Theme settings' }));
    await screen.findByRole('dialog', { name: 'Theme settings' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Theme settings' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Theme settings' })).toHaveFocus();
  });
});
