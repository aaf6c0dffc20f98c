import type { ReactNode } from 'react';
import { Layout, Notification } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={AppBar} menu={Menu}>
    {children}
  </Layout>
);

/** Toasts stay 5 seconds (spec 1 section 9). */
export const AppNotification = () => <Notification autoHideDuration={5000} />;
