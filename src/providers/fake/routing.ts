/** The in-browser demo keeps its addresses in the hash (`#/app-users/5`): any static file server serves its deep links (../../routing.ts). */
export const HASH_ROUTING: boolean = true;
