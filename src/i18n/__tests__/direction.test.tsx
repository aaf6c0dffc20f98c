import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useMemo } from 'react';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { AdminContext, memoryStore, testDataProvider, useTranslate } from 'react-admin';
import { buildTheme } from '../../layout/theme';
import { DEFAULT_THEME_SETTINGS } from '../../layout/themeSettings';
import { LanguageMenu } from '../../layout/LanguageMenu';
import { DirectionProvider, useConsoleLanguage } from '../direction';
import { createI18nProvider, useLanguageI18nProvider, type ConsoleI18nProvider } from '../i18nProvider';
import { languageDirection } from '../languages';

/** Each render of the page: its direction and its heading's words; and each time it was mounted. */
const renders: string[] = [];
let mounts = 0;

const Page = () => {
  const translate = useTranslate();
  const theme = useTheme();
  renders.push(`${theme.direction} ${translate('app.menu.dashboard')}`);
  useEffect(() => {
    mounts += 1;
  }, []);
  return (
    <>
      <h1>{translate('app.menu.dashboard')}</h1>
      <output aria-label="theme direction">{theme.direction}</output>
      <Button sx={{ marginLeft: '7px' }}>{translate('ra.action.save')}</Button>
      <LanguageMenu />
    </>
  );
};

/** The console's arrangement (App.tsx): the direction provider around react-admin, the theme in that direction. */
const Console = ({ i18nProvider: loaded }: { i18nProvider: ConsoleI18nProvider }) => {
  const language = useConsoleLanguage();
  const direction = languageDirection(language);
  const theme = useMemo(() => buildTheme(DEFAULT_THEME_SETTINGS, direction), [direction]);
  const i18nProvider = useLanguageI18nProvider(loaded, language);
  return (
    <DirectionProvider language={language}>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider} store={memoryStore()} theme={theme}>
        <Page />
      </AdminContext>
    </DirectionProvider>
  );
};

const renderConsole = async () => {
  const i18nProvider = await createI18nProvider();
  return render(<Console i18nProvider={i18nProvider} />);
};

/** The rules Emotion wrote for one cache key (MUI's styles in the chosen direction). */
const emotionRules = (key: string) =>
  [...document.head.querySelectorAll(`style[data-emotion="${key}"], style[data-emotion^="${key} "]`)]
    .flatMap((style) => [...((style as HTMLStyleElement).sheet?.cssRules ?? [])].map((rule) => rule.cssText))
    .join('\n');

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
});

describe('direction', () => {
  it('lays the console out right to left when Arabic is stored', async () => {
    localStorage.setItem('currentLanguage', 'ar');
    await renderConsole();
    expect(await screen.findByRole('heading', { name: 'لوحة المعلومات' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar-AE');
    expect(screen.getByLabelText('theme direction')).toHaveTextContent('rtl');
    // Styles go through the mirroring cache: margin-left is written as margin-right.
    expect(screen.getByRole('button', { name: 'حفظ' }).className).toMatch(/muirtl-/);
    expect(emotionRules('muirtl')).toMatch(/margin-right:\s*7px/);
  });

  it('lays it out left to right in English', async () => {
    localStorage.setItem('currentLanguage', 'en');
    await renderConsole();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'en-US');
    expect(screen.getByLabelText('theme direction')).toHaveTextContent('ltr');
    expect(screen.getByRole('button', { name: 'Save' }).className).not.toMatch(/muirtl-/);
  });

  it('flips at run time when Arabic is chosen in the app bar, and back', async () => {
    const user = userEvent.setup({ delay: null });
    await renderConsole();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Language' }));
    renders.length = 0;
    const mounted = mounts;
    await user.click(await screen.findByRole('menuitem', { name: 'العربية' }));

    expect(await screen.findByRole('heading', { name: 'لوحة المعلومات' })).toBeInTheDocument();
    // drawn once, in the new direction with the new words (not a render in the new direction with the
    // old words, then another), and in place: react-admin's remount of everything under its i18n context
    // (its way with a change of locale) took most of a second of a two-core machine in Chromium
    expect(renders).toEqual(['rtl لوحة المعلومات']);
    expect(mounts).toBe(mounted);
    expect(localStorage.getItem('currentLanguage')).toBe('ar');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(screen.getByLabelText('theme direction')).toHaveTextContent('rtl');
    expect(screen.getByRole('button', { name: 'حفظ' }).className).toMatch(/muirtl-/);

    await user.click(screen.getByRole('button', { name: 'اللغة · Language' }));
    await user.click(screen.getByRole('menuitem', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { name: 'Übersicht' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'de');
    expect(localStorage.getItem('currentLanguage')).toBe('de');
  });
});
