/**
 * The backend the console is built for: /api/admin (dataProvider.ts, authProvider.ts). The in-browser
 * demo (npm run demo:static, Vite mode `demo`) builds with fake/backend.ts in its place (vite.config.ts).
 */
export { dataProvider } from './dataProvider';
export { authProvider } from './authProvider';
