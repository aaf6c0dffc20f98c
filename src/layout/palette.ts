import type { PaletteOptions } from '@mui/material/styles';

/** Spec 1 section 2.4: default primary #7366ff, secondary #f73164, light layout. */
export const palette: PaletteOptions = {
  mode: 'light',
  primary: { main: '#7366ff' },
  secondary: { main: '#f73164' },
  background: { default: '#f5f7fb' },
};
