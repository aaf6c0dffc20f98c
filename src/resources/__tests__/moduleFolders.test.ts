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

  it('are all src/resources holds: a folder is a module of the contract, or common/ (the pieces modules share)', () => {
    // a custom screen lives in src/pages/<name>/, a helper of the whole console beside what it serves (docs/ARCHITECTURE.md)
    const SHARED = ['__tests__', 'common'];
    const strays = readdirSync(RESOURCES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !SHARED.includes(entry.name))
      .map((entry) => entry.name)
      .filter((name) => !(RESOURCE_NAMES as readonly string[]).includes(name) || folders[name] === undefined);
    expect(strays).toEqual([]);
    // and its files beside the folders are the registry's own
    const files = readdirSync(RESOURCES, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(files.sort()).toEqual(['index.ts', 'module.ts', 'moduleFolders.ts', 'types.ts']);
  });
});
