import { alpha, type Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { BACKGROUNDS } from './palette';
import type { ThemeSettings } from './themeSettings';

/**
 * MUI's breakpoints with md moved to 992 px: the spec collapses the menu under 992 px, and
 * react-admin's sidebar and menu items already react to `breakpoints.down('md')`.
 */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 992, lg: 1200, xl: 1536 };

export const SIDEBAR_WIDTH = 270;

/** react-admin theme options for a layout version and colours; <Admin theme> builds the MUI theme from them. */
export function buildTheme(
  { mode, primary, secondary }: ThemeSettings,
  direction: 'ltr' | 'rtl' = 'ltr',
): RaThemeOptions {
  const base = mode === 'dark' ? defaultDarkTheme : defaultLightTheme;
  return {
    ...base,
    direction,
    breakpoints: { values: BREAKPOINTS },
    sidebar: { width: SIDEBAR_WIDTH, closedWidth: 55 },
    palette: {
      ...base.palette,
      mode,
      // Only `main`: MUI derives light, dark and the contrast text from it.
      primary: { main: primary },
      secondary: { main: secondary },
      // MUI's orange (#ed6c02) gives white 3:1; on a light page the Block buttons' text needs 4.5:1 (WCAG AA)
      ...(mode === 'light' ? { warning: { main: '#b45309' } } : {}),
      background: { ...BACKGROUNDS[mode] },
    },
    components: {
      ...base.components,
      RaMenuItemLink: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({
            '&.RaMenuItemLink-active': {
              color: theme.palette.primary.main,
              backgroundColor: alpha(theme.palette.primary.main, mode === 'dark' ? 0.2 : 0.1),
              '& .RaMenuItemLink-icon': { color: theme.palette.primary.main },
            },
          }),
        },
      },
    },
  };
}
