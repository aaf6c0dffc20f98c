import { Suspense, memo, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Layout, Loading, Notification, NotificationContext, useNotificationContext } from 'react-admin';
import { AppBar } from './AppBar';
import { AppSidebar } from './AppSidebar';
import { Breadcrumbs } from './Breadcrumbs';
import { Footer } from './Footer';
import { LoadingBar } from './LoadingBar';
import { Menu } from './Menu';

/*
 * The shell's parts take no props of the page, so they are drawn again only when what they read changes:
 * react-admin draws the layout again with new children on every change of its routes (three times in a
 * sign-in: the permissions' answer, the resources registered again), and the app bar and the menu of 31
 * entries drew each time.
 */
const ShellAppBar = memo(AppBar);
const ShellMenu = memo(Menu);
const ShellLoadingBar = memo(LoadingBar);
const ShellBreadcrumbs = memo(Breadcrumbs);
const ShellFooter = memo(Footer);

/** The shell of every signed-in screen: app bar, sidebar, breadcrumbs, the page, the footer. */
export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={ShellAppBar} menu={ShellMenu} sidebar={AppSidebar}>
    <ShellLoadingBar />
    <ShellBreadcrumbs />
    <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {/* A lazily loaded page suspends here, so the breadcrumbs and footer stay in place. */}
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Box>
    <ShellFooter />
  </Layout>
);

export const SUCCESS_TOAST_MS = 5000;
export const ERROR_TOAST_MS = 10_000;

/**
 * Toasts stay 5 seconds, errors 10 (spec 1 section 9), unless a call asks for its own duration.
 * react-admin's Notification takes one duration for all, so the duration follows the type of the
 * toast it takes from the queue.
 */
export const AppNotification = () => {
  const context = useNotificationContext();
  const [duration, setDuration] = useState(SUCCESS_TOAST_MS);
  const value = useMemo(
    () => ({
      ...context,
      takeNotification: () => {
        const taken = context.takeNotification();
        if (taken) setDuration(taken.type === 'error' ? ERROR_TOAST_MS : SUCCESS_TOAST_MS);
        return taken;
      },
    }),
    [context],
  );
  return (
    <NotificationContext.Provider value={value}>
      <Notification autoHideDuration={duration} />
    </NotificationContext.Provider>
  );
};
