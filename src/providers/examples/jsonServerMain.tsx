/** The entry point of the console on the json-server example (`vite build --mode json-server`, served by examples/json-server/server.ts). */
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Login } from 'react-admin';
import { App } from '../../App';
import { createJsonServerProviders } from './jsonServer';

const { dataProvider, authProvider } = createJsonServerProviders('/api');

createRoot(document.getElementById('root')!).render(
  <Suspense fallback={null}>
    <App dataProvider={dataProvider} authProvider={authProvider} loginPage={Login} />
  </Suspense>,
);
