/**
 * How the console's addresses are kept in the browser's address bar: as the page's path (`/app-users/5`;
 * the server answers index.html for every console path). The in-browser demo builds with
 * providers/fake/routing.ts in its place (vite.config.ts): in the hash (`#/app-users/5`), so its deep
 * links open on any plain static file server.
 */
export const HASH_ROUTING: boolean = false;
