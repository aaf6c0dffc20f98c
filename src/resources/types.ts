import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

/** What each resource folder's index.ts exports; App spreads it into <Resource> and the menu reuses it. */
export interface ResourceConfig {
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon: ComponentType;
  recordRepresentation: string | ((record: RaRecord) => string);
}
