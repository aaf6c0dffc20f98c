import type { PaletteOptions } from '@mui/material/styles';

/** Spec 1 section 2.4: default primary #7366ff, secondary #f73164, light layout. */
export const DEFAULT_PRIMARY = '#7366ff';
export const DEFAULT_SECONDARY = '#f73164';

/** Backgrounds of each layout version; the colours come from the theme settings. */
export const BACKGROUNDS = {
  light: { default: '#f5f7fb', paper: '#ffffff' },
  dark: { default: '#1d1e26', paper: '#262932' },
} as const;

/** The public screens' palette (they load before react-admin and the theme settings). */
export const palette: PaletteOptions = {
  mode: 'light',
  primary: { main: DEFAULT_PRIMARY },
  secondary: { main: DEFAULT_SECONDARY },
  background: { default: BACKGROUNDS.light.default },
};
