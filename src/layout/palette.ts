import type { PaletteOptions } from '@mui/material/styles';

/**
 * Spec 1 section 2.4: default primary #7366ff, secondary #f73164, light layout. The primary is taken a
 * shade darker (#6153ea, the same hue): white on #7366ff reaches 4.1:1, under WCAG AA's 4.5:1 for the
 * app bar's text, and so do labels and links in it on white (the accessibility scan holds it there).
 */
export const DEFAULT_PRIMARY = '#6153ea';
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
