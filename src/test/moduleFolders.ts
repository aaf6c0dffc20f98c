import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ResourceConfig } from '../resources/types';

const RESOURCES = path.resolve(__dirname, '../resources');

/**
 * The folders' index files as src/resources/moduleFolders.ts finds them in the bundle
 * (`./*\/index.{ts,tsx}`): one folder down under src/resources, its index.ts or index.tsx.
 */
export const folderIndexes = (): string[] =>
  readdirSync(RESOURCES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => ['index.ts', 'index.tsx'].map((name) => path.join(RESOURCES, entry.name, name)))
    .filter((file) => existsSync(file))
    .sort();

/** Jest's src/resources/moduleFolders.ts (jest.config.ts maps it here). */
export default Object.fromEntries(
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest runs CommonJS, and these files are found at run time
  folderIndexes().map((file) => [path.basename(path.dirname(file)), (require(file) as { default?: ResourceConfig }).default]),
) as Record<string, ResourceConfig | undefined>;
