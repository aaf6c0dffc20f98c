import { useLayoutEffect, useRef, useState } from 'react';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Sidebar, useSidebarState, type SidebarProps } from 'react-admin';
import { BREAKPOINTS, SIDEBAR_WIDTH } from './theme';

/**
 * Under 992 px the menu collapses and opens over the page (spec 1 section 2.4). The app's theme puts
 * its md breakpoint there too (react-admin's menu items close the menu under md); the number is given
 * here so this holds under any theme.
 */
export const useIsSmallScreen = (): boolean =>
  useMediaQuery<Theme>((theme) => theme.breakpoints.down(BREAKPOINTS.md), { noSsr: true });

/**
 * Closes the menu when the app opens on a small screen (react-admin's own default closes it only
 * under 600 px) and follows the window across 992 px; on a wide screen the stored choice stands.
 * A layout effect, so a small screen never paints the menu open first.
 */
const useCollapseOnSmallScreens = (isSmall: boolean) => {
  const [, setOpen] = useSidebarState();
  const previous = useRef<boolean | null>(null);
  useLayoutEffect(() => {
    if (previous.current === null ? isSmall : previous.current !== isSmall) setOpen(!isSmall);
    previous.current = isSmall;
  }, [isSmall, setOpen]);
};

/** react-admin's sidebar on wide screens; on small ones a drawer over the page, opened by the app bar's menu button. */
export const AppSidebar = ({ children, appBarAlwaysOn: _appBarAlwaysOn, ...props }: SidebarProps) => {
  const isSmall = useIsSmallScreen();
  const [open, setOpen] = useSidebarState();
  useCollapseOnSmallScreens(isSmall);
  // The stored state reaches this component a render after the effect above closed the menu; until
  // then the drawer stays shut, so it does not slide open and away on load or when the window narrows.
  const [wasSmall, setWasSmall] = useState<boolean | null>(null);
  const [holdClosed, setHoldClosed] = useState(false);
  if (isSmall !== wasSmall) {
    setWasSmall(isSmall);
    setHoldClosed(isSmall);
  } else if (holdClosed && !open) {
    setHoldClosed(false);
  }
  if (!isSmall) return <Sidebar {...props}>{children}</Sidebar>;
  return (
    <Drawer
      variant="temporary"
      open={open && !holdClosed}
      onClose={() => setOpen(false)}
      slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, pt: 1 } } }}
    >
      {children}
    </Drawer>
  );
};
