/** The react-admin application chunk; imported lazily so the sign-in screens load without it. */
export const loadAdminApp = () => import('./App');
