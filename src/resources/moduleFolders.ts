/// <reference types="vite/client" />
import type { ResourceConfig } from './types';

/**
 * The default export of each folder's `index.ts(x)` under src/resources, by folder name (found by the
 * bundler, eagerly: every module is part of the console's chunk, as when they were listed by hand). The one
 * folder that is not a module, common/ (the pieces modules share), has no index; custom screens live in
 * src/pages (the moduleFolders test holds src/resources to modules). Jest has no import.meta.glob:
 * jest.config.ts maps this file to src/test/moduleFolders.ts, which finds the same files on disk.
 */
const found = import.meta.glob<{ default?: ResourceConfig }>('./*/index.{ts,tsx}', { eager: true });

export default Object.fromEntries(
  Object.entries(found).map(([file, module]) => [file.split('/')[1]!, module.default]),
) as Record<string, ResourceConfig | undefined>;
