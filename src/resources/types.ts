import type { ComponentType, ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceName } from '../../contract/resources';

/** The sidebar's groups, in the order they are shown (layout/Menu.tsx): 'main' entries stand alone. */
export const MENU_GROUPS = ['main', 'programme', 'content', 'setting', 'location'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/**
 * Where a module's list sits in the sidebar: a group and a place in it (lower first). A module without
 * an entry says why (family members are reached from a patient's profile); a test holds every module
 * to one or the other.
 */
export type MenuPlacement = { group: MenuGroup; order: number } | { hidden: string };

/**
 * One module of the console, the default export of its folder's index (found by resources/moduleFolders.ts): App makes its routes, the menu its
 * entry, the breadcrumbs its name, and canAccess guards it by the permission module of
 * contract/resources.ts.
 */
export interface ResourceConfig {
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon: ComponentType;
  recordRepresentation: string | ((record: RaRecord) => string);
  /**
   * On a phone (under MUI's `sm` breakpoint) a list shows each record as a line of a simple list instead
   * of a table's cut-off columns: the record's representation, its row actions, and this second line
   * when given (a field, dotted for a related record's, or a function of the record). None by default.
   */
  secondaryText?: string | ((record: RaRecord) => ReactNode);
  menu: MenuPlacement;
  /**
   * Records added under a parent record (family members of a patient): `/{name}/add/{parent's id}`
   * opens the add form with `source` filled with that parent's numeric id.
   */
  parent?: { resource: ResourceName; source: string; also?: ResourceName[] };
  /**
   * Screens of its own under its path, beside list, add, edit and show (`/pages/privacy-policy`, from
   * the footer), with the breadcrumb's label of each.
   */
  routes?: { path: string; element: ComponentType; label: string }[];
}
