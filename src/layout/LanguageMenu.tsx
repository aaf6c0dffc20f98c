import { useCallback, useEffect, useRef } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import TranslateIcon from '@mui/icons-material/Translate';
import { useI18nProvider, useLocaleState, useNotify } from 'react-admin';
import { LanguageChooser, type LanguageButtonProps } from '../i18n/LanguageChooser';
import { useConsoleLanguage } from '../i18n/direction';
import { hasSwitchLocale } from '../i18n/i18nProvider';
import { toLanguageCode } from '../i18n/languages';

/**
 * The app bar's language chooser. Our i18nProvider changes the language in place (switchLocale: the
 * dictionary loaded, then react-admin's locale and the stored `currentLanguage` set at once, and the
 * console drawn again in it, right to left for Arabic, see i18n/direction.tsx); another provider through
 * react-admin's locale state (its remount of the console).
 */
export const LanguageMenu = () => {
  const [locale, setLocale] = useLocaleState();
  const i18nProvider = useI18nProvider();
  const notify = useNotify();
  const choose = useCallback(
    (code: string) => {
      if (!hasSwitchLocale(i18nProvider)) return setLocale(code);
      void i18nProvider.switchLocale(code, () => setLocale(code)).catch((error: unknown) => {
        // as react-admin does when a change of locale fails: the page stays in its language
        notify('ra.notification.i18n_error', { type: 'error' });
        console.error(error);
      });
    },
    [i18nProvider, setLocale, notify],
  );
  // as App reads it (not useSyncExternalStore, whose update would render apart from react-admin's remount)
  const stored = useConsoleLanguage();
  // A choice stored elsewhere (another tab) is followed. Only a change of the stored value counts (a
  // choice here sets both at once).
  const lastStored = useRef(stored);
  useEffect(() => {
    if (lastStored.current === stored) return;
    lastStored.current = stored;
    // react-admin's own change (its remount): the console's direction has already followed the store
    if (stored !== toLanguageCode(locale)) setLocale(stored);
  }, [stored, locale, setLocale]);
  return <LanguageChooser value={toLanguageCode(locale)} onChange={choose} renderButton={IconWithTooltip} />;
};

const IconWithTooltip = (props: LanguageButtonProps, label: string) => (
  <Tooltip title={label}>
    <IconButton color="inherit" {...props}>
      <TranslateIcon />
    </IconButton>
  </Tooltip>
);
