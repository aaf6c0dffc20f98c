import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { RESOURCE_NAMES } from '../../../contract/resources';
// what src/resources/moduleFolders.ts is under jest (jest.config.ts maps it)
import folders, { folderIndexes } from '../../test/moduleFolders';
import { resourceNames } from '..';

const RESOURCES = path.resolve(__dirname, '..');

describe("the console's module folders", () => {
  it('are found by the bundle as jest finds them: the index of each folder one level down', () => {
    const text = readFileSync(path.join(RESOURCES, 'moduleFolders.ts'), 'utf8');
    expect([...text.matchAll(/import\.meta\.glob(?:<[^>]*>)?\('([^']+)'/g)].map((m) => m[1])).toEqual(['./*/index.{ts,tsx}']);
    const withIndex = readdirSync(RESOURCES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => readdirSync(path.join(RESOURCES, entry.name)).filter((f) => /^index\.tsx?$/.test(f)).map((f) => `${entry.name}/${f}`));
    expect(folderIndexes().map((file) => path.relative(RESOURCES, file))).toEqual(withIndex.sort());
    // one index a folder: the bundle keys them by folder
    expect(new Set(withIndex.map((f) => f.split('/')[0])).size).toBe(withIndex.length);
    expect(withIndex.length).toBeGreaterThan(30);
  });

  it('give a module to every resource of the contract, in its order, and to nothing else', () => {
    expect(resourceNames).toEqual(RESOURCE_NAMES);
    // a folder with a module that the contract does not name would be left out in silence
    const modules = Object.entries(folders).filter(([, config]) => config !== undefined).map(([name]) => name);
    expect(modules.sort()).toEqual([...RESOURCE_NAMES].sort());
  });
});
