import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RESOURCES, RESOURCE_NAMES, type ResourceName } from '../../../contract/resources';
import type { Registry, ResourceDef } from '../http/resource';

const isDeclaration = (value: unknown): value is ResourceDef =>
  typeof value === 'object' && value !== null && typeof (value as ResourceDef).table === 'string' && Object.hasOwn(RESOURCES, (value as ResourceDef).name);

/**
 * Every CRUD resource of the API: the declarations (`defineResource`) exported by the files of this folder,
 * in the order of contract/resources.ts, which names them. No list to keep: a file here that exports a
 * declaration gives it routes and contract tests; a resource of the contract without one, or declared
 * twice, stops the server here.
 */
function declarations(): ResourceDef[] {
  const found = new Map<ResourceName, { def: ResourceDef; file: string }>();
  const files = readdirSync(__dirname, { recursive: true })
    .map(String)
    .filter((file) => /\.(?:ts|js)$/.test(file) && !file.endsWith('.d.ts') && !/^registry\.(?:ts|js)$/.test(file))
    .sort();
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the declarations are found at run time, CommonJS
    const exported = require(join(__dirname, file)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      if (!isDeclaration(value)) continue;
      const name = value.name as ResourceName;
      const earlier = found.get(name);
      if (earlier && earlier.def !== value) throw new Error(`The resource ${name} is declared twice: in ${earlier.file} and in ${file}`);
      found.set(name, { def: value, file });
    }
  }
  const missing = RESOURCE_NAMES.filter((name) => !found.has(name));
  if (missing.length) throw new Error(`No declaration under ${relative(process.cwd(), __dirname)} for ${missing.join(', ')} (contract/resources.ts names them)`);
  return RESOURCE_NAMES.map((name) => found.get(name)!.def);
}

export const RESOURCE_DEFS: ResourceDef[] = declarations();

export const registry: Registry = {
  resources: RESOURCE_DEFS,
  byName: new Map(RESOURCE_DEFS.map((d) => [d.name, d])),
};
