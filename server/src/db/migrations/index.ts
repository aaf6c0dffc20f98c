import type { Migration } from 'kysely';
import type { Dialect } from '../index';
import { type DialectMigration, forDialect } from './helpers';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** A migration's file: four digits, an underscore and its name (`0032_subset_search.ts`, `.js` once built). */
const MIGRATION_FILE = /^(\d{4}_\w+)\.(?:ts|js)$/;

/**
 * Every migration, in order: the files of this folder named as MIGRATION_FILE says, each exporting its
 * `migration` (no list to keep; `npm run build:server` empties build/server first, so a removed file
 * leaves no compiled copy behind). Never edit a landed migration; add a new one. A module's migration
 * creates its tables with `createResourceTable` (helpers.ts), which also gives them a row counter and a
 * search index.
 */
export const MIGRATIONS: Readonly<Record<string, DialectMigration>> = Object.fromEntries(
  readdirSync(__dirname)
    .map((file) => MIGRATION_FILE.exec(file))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => a[1]!.localeCompare(b[1]!))
    .map((match) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the migrations are found at run time, CommonJS
      const { migration } = require(join(__dirname, match[0])) as { migration?: DialectMigration };
      if (!migration) throw new Error(`${match[0]} exports no \`migration\``);
      return [match[1]!, migration];
    }),
);

export function migrations(dialect: Dialect): Record<string, Migration> {
  return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, forDialect(m, dialect)]));
}
