/** The demo admin of the in-browser demo: the first super admin of the database scripts/demo-data.ts seeds. */
export const DEMO_ADMIN = { email: 'admin@example.org', password: 'Demo-password-1' } as const;
