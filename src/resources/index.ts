import { RESOURCE_NAMES, type ResourceName } from '../../contract/resources';
import folders from './moduleFolders';
import type { ResourceConfig } from './types';

/**
 * Every resource of the console, keyed by its name (URL segment, react-admin name, i18n key), in the order
 * of contract/resources.ts: the default export of the module's folder, `src/resources/<name>/index.ts(x)`.
 * No list to keep: the folders are found (moduleFolders.ts), and a contract resource without one fails here.
 */
export const resources = Object.fromEntries(
  RESOURCE_NAMES.map((name) => {
    const config = folders[name];
    if (!config) throw new Error(`The console has no module for the resource ${name}: src/resources/${name}/index.tsx must export its ResourceConfig as default.`);
    return [name, config];
  }),
) as Record<ResourceName, ResourceConfig>;

export const resourceNames = Object.keys(resources) as ResourceName[];
