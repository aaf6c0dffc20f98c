import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Layout, Loading, Notification } from 'react-admin';
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

/** Toasts stay 5 seconds (spec 1 section 9). */
export const AppNotification = () => <Notification autoHideDuration={5000} />;
