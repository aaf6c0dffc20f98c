import type { ResourceName } from '../../../contract/resources';
import type { ResourceDef } from '../http/resource';
import { registry } from '../resources/registry';
import type { Db } from '../db/index';

/** How many records a module the demo names no rows for gets from its declaration's sample. */
export const SAMPLE_ROWS = 3;

/**
 * The rows of a module's table made from its declaration's sample (`sample(n)`, n = 1, 2, 3), as the table
 * stores them: the sample's fields, each a column of the declaration, with who made them and when. A sample
 * that is not its table's columns (a password to hash, a parent to find, files) cannot be stored as it is:
 * that module names its rows in the demo seed (server/src/seeds/demo.ts), and this says so.
 */
export async function sampleRows(def: ResourceDef, ownerId: number | null, stamp: string): Promise<Record<string, unknown>[]> {
  const columns = new Set<string>(def.columns);
  const rows: Record<string, unknown>[] = [];
  for (let n = 1; n <= SAMPLE_ROWS; n++) {
    const sample = await def.sample(n, (resource: ResourceName) => {
      throw new Error(`The demo seed names no ${def.name} and their sample needs a record of ${resource}: give ${def.name} its rows in server/src/seeds/demo.ts`);
    });
    const foreign = Object.keys(sample).filter((key) => !columns.has(key));
    if (foreign.length) throw new Error(`The demo seed names no ${def.name} and their sample's ${foreign.join(', ')} are no columns to store as they are: give ${def.name} its rows in server/src/seeds/demo.ts`);
    const made = Object.fromEntries([['created_by', ownerId], ['created_at', stamp], ['updated_at', stamp]].filter(([key]) => columns.has(key as string)));
    rows.push({ ...made, ...sample });
  }
  return rows;
}

/**
 * The demo's rows of every module that the demo seed names none for (an empty table after it): a new
 * module shows in the demo, and in the console's tests on the demo data, with no line of its own here.
 */
export async function seedSamples(database: Db, ownerId: number | null, stamp: string, log: (line: string) => void): Promise<string[]> {
  const seeded: string[] = [];
  for (const def of registry.resources) {
    const table = def.table as never;
    const any = await database.db.selectFrom(table).select((eb) => eb.lit(1).as('one')).limit(1).executeTakeFirst();
    if (any) continue;
    const rows = await sampleRows(def, ownerId, stamp);
    await database.db.insertInto(table).values(rows as never).execute();
    seeded.push(def.name);
  }
  if (seeded.length) log(`from their samples (the demo seed names none): ${SAMPLE_ROWS} of each of ${seeded.join(', ')}`);
  return seeded;
}
