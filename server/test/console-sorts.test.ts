/**
 * The console offers to sort a list only by what the server sorts it by: every column of a module's
 * list that is not `disableSort`, and the list's default sort, is among the sorts its list route's
 * query declares (http/listQuery.ts), so a click on a column header is never a 422 nor sorted in
 * silence by something else. Read from the modules' sources, as the bundle has them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listQuerySchema } from '../src/http/listQuery';
import { RESOURCE_DEFS } from '../src/resources/registry';

const ROOT = join(__dirname, '..', '..', 'src', 'resources');

/** Every sort a module's list sends: its columns' (`sortBy`, else `source`) unless `disableSort`, and its default sort. */
function sortsOf(folder: string): { file: string; field: string }[] {
  const out: { file: string; field: string }[] = [];
  const files = readdirSync(join(ROOT, folder), { recursive: true }).map(String).filter((f) => /\.tsx?$/.test(f) && !f.includes('__tests__') && !f.startsWith('words'));
  for (const file of files) {
    const text = readFileSync(join(ROOT, folder, file), 'utf8');
    for (const [, attrs] of text.matchAll(/<DataTable\.Col\b([^>]*)>/g)) {
      if (/\bdisableSort\b/.test(attrs!)) continue;
      const field = /\bsortBy="([\w.]+)"/.exec(attrs!)?.[1] ?? /\bsource="([\w.]+)"/.exec(attrs!)?.[1];
      if (field) out.push({ file, field });
    }
    for (const [, field] of text.matchAll(/<ResourceList\b[^>]*\bsort=\{\{ field: '([\w.]+)'/g)) out.push({ file, field: field! });
    // a titled module's list is the shared one (common/titled.tsx)
    if (/\btitledModule\(/.test(text)) out.push(...sortsOf('common').filter((s) => s.file === 'titled.tsx'));
  }
  return out;
}

describe("the console's list sorts", () => {
  it('are all sorts the server declares for that list', () => {
    const wrong: string[] = [];
    let seen = 0;
    for (const def of RESOURCE_DEFS) {
      const allowed = (listQuerySchema(def, { exports: true }).properties.sort as unknown as { enum: string[] }).enum;
      for (const { file, field } of sortsOf(def.name)) {
        seen++;
        if (!allowed.includes(field)) wrong.push(`${def.name}/${file}: sorts by ${field}; the server sorts by ${allowed.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(seen).toBeGreaterThan(100);
  });
});
