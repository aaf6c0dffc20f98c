/** What the signed-in admin may do here (the server enforces each; the screen hides what it would refuse). */
export interface PromotionalRights {
  edit: boolean;
  create: boolean;
  remove: boolean;
}
