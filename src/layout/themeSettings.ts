import { useCallback, useMemo } from 'react';
import { localPreference, usePreference } from './localPreference';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from './palette';

export type ThemeMode = 'light' | 'dark';

export interface ThemeSettings {
  mode: ThemeMode;
  primary: string;
  secondary: string;
}

export const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  mode: 'light',
  primary: DEFAULT_PRIMARY,
  secondary: DEFAULT_SECONDARY,
};

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

const colourPreference = (key: string, fallback: string) =>
  localPreference<string>(
    key,
    (raw) => (raw !== null && HEX_COLOUR.test(raw) ? raw.toLowerCase() : fallback),
    // The default is not stored, so a later change of default reaches everyone who never chose.
    (colour) => (colour.toLowerCase() === fallback ? null : colour.toLowerCase()),
  );

/** localStorage keys primary_color and secondary_color come from the spec; theme_mode is ours. */
export const themePreferences = {
  primary: colourPreference('primary_color', DEFAULT_PRIMARY),
  secondary: colourPreference('secondary_color', DEFAULT_SECONDARY),
  mode: localPreference<ThemeMode>(
    'theme_mode',
    (raw) => (raw === 'dark' ? 'dark' : 'light'),
    (mode) => (mode === 'dark' ? 'dark' : null),
  ),
};

export interface ThemeSettingsState {
  settings: ThemeSettings;
  update: (change: Partial<ThemeSettings>) => void;
  reset: () => void;
}

/** The chosen layout version and colours, persisted and shared by every reader. */
export function useThemeSettings(): ThemeSettingsState {
  const mode = usePreference(themePreferences.mode);
  const primary = usePreference(themePreferences.primary);
  const secondary = usePreference(themePreferences.secondary);
  const settings = useMemo(() => ({ mode, primary, secondary }), [mode, primary, secondary]);
  const update = useCallback((change: Partial<ThemeSettings>) => {
    if (change.mode !== undefined) themePreferences.mode.write(change.mode);
    if (change.primary !== undefined && HEX_COLOUR.test(change.primary)) themePreferences.primary.write(change.primary);
    if (change.secondary !== undefined && HEX_COLOUR.test(change.secondary)) themePreferences.secondary.write(change.secondary);
  }, []);
  const reset = useCallback(() => update(DEFAULT_THEME_SETTINGS), [update]);
  return { settings, update, reset };
}
