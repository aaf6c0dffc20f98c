import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { palette } from './palette';

export const lightTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, ...palette },
};
