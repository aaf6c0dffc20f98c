import { useEffect, useRef } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocaleState } from 'react-admin';
import { LanguageChooser, type LanguageButtonProps } from '../i18n/LanguageChooser';
import { useConsoleLanguage } from '../i18n/direction';
import { toLanguageCode } from '../i18n/languages';

/**
 * The app bar's language chooser. react-admin's locale state drives the change: its i18nProvider loads
 * the dictionary, stores the choice under `currentLanguage` and the console re-renders in it (and flips
 * to right-to-left for Arabic, see i18n/direction.tsx).
 */
export const LanguageMenu = () => {
  const [locale, setLocale] = useLocaleState();
  // as App reads it (not useSyncExternalStore, whose update would render apart from react-admin's remount)
  const stored = useConsoleLanguage();
  // A choice stored elsewhere (another tab) is followed. Only a change of the stored value counts: right
  // after a choice here the locale is ahead of the store until the dictionary has loaded.
  const lastStored = useRef(stored);
  useEffect(() => {
    if (lastStored.current === stored) return;
    lastStored.current = stored;
    if (stored !== toLanguageCode(locale)) setLocale(stored);
  }, [stored, locale, setLocale]);
  return <LanguageChooser value={toLanguageCode(locale)} onChange={setLocale} renderButton={IconWithTooltip} />;
};

const IconWithTooltip = (props: LanguageButtonProps, label: string) => (
  <Tooltip title={label}>
    <IconButton color="inherit" {...props}>
      <TranslateIcon />
    </IconButton>
  </Tooltip>
);
