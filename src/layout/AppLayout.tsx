import { Suspense, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Layout, Loading, Notification, NotificationContext, useNotificationContext } from 'react-admin';
import { AppBar } from './AppBar';
import { AppSidebar } from './AppSidebar';
import { Breadcrumbs } from './Breadcrumbs';
import { Footer } from './Footer';
import { LoadingBar } from './LoadingBar';
import { Menu } from './Menu';

/** The shell of every signed-in screen: app bar, sidebar, breadcrumbs, the page, the footer. */
export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={AppBar} menu={Menu} sidebar={AppSidebar}>
    <LoadingBar />
    <Breadcrumbs />
    <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {/* A lazily loaded page suspends here, so the breadcrumbs and footer stay in place. */}
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Box>
    <Footer />
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
