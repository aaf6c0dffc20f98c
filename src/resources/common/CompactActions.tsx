import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { ThemeProvider, type Breakpoint, type Theme } from '@mui/material/styles';

/**
 * A desktop table's row actions as named icons, on one line: react-admin's buttons draw themselves as an
 * icon with a tooltip (and the word as the control's accessible name) where the screen is narrower than
 * `sm`, which this says of every screen for the buttons inside it only; the breakpoints' values are kept,
 * so a dialog opened from a row (Delete, Block) is as wide as anywhere. With words, four actions took
 * two to four lines a row and 3-4 rows filled a laptop's screen; as icons a row is one line high. A phone
 * draws its rows elsewhere (PhoneRows), with the words.
 */
const compact = (outer: Theme): Theme => ({
  ...outer,
  breakpoints: {
    ...outer.breakpoints,
    down: (key: Breakpoint | number) => (key === 'sm' ? '@media (min-width:0px)' : outer.breakpoints.down(key)),
  },
});

export const CompactActions = ({ children }: { children: ReactNode }) => (
  <ThemeProvider theme={compact}>
    <Box sx={{ '& > .MuiBox-root': { flexWrap: 'nowrap', gap: 0 }, '& .MuiIconButton-root': { p: 0.5 } }}>{children}</Box>
  </ThemeProvider>
);
