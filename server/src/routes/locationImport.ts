import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requireAdmin } from '../http/auth';
import { uploadRoute } from '../http/bodyLimits';
import { ok } from '../http/envelope';
import { answers } from '../http/responses';
import { forbidden, HttpError, ValidationError } from '../http/errors';
import { CHANGED_EVENT } from '../realtime';
import { audit } from '../services/audit';
import { now } from '../services/tokens';

/**
 * Bulk import of locations from a CSV: districts, tehsils and VC areas, one a row.
 *
 *   type,name,district,tehsil,lat,long
 *   district,Mardan,,,,
 *   tehsil,Takht Bhai,Mardan,,,
 *   vc,Lund Khwar,Mardan,Takht Bhai,34.27,71.95
 *
 * A dry run (`dry_run=true`; without it the file is imported) checks every row and lists every bad one with its line number (an
 * unknown type, a missing name, a district or tehsil that is neither stored nor in the file, a
 * duplicate, a coordinate out of range) and writes nothing. The real run checks the same, then writes
 * every row in one transaction, or nothing at all when a row is bad. Names already stored are reused
 * by tehsil and VC rows; a row adding what is already stored is a duplicate. An admin limited to some
 * districts adds tehsils and VC areas in them only, and no districts.
 */

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
const HEADER = ['type', 'name', 'district', 'tehsil', 'lat', 'long'] as const;

export interface ImportProblem {
  line: number;
  message: string;
}

/** RFC 4180 rows (quoted fields with "" for a quote, CRLF or LF), with the line each starts on. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const source = text.replace(/^\ufeff/, '');
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',' || c === ';') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length) endRow();
  return rows;
}

interface Planned {
  districts: { title: string }[];
  tehsils: { title: string; district: string }[];
  areas: { title: string; district: string; tehsil: string; lat: number; long: number }[];
}

const key = (...parts: string[]) => parts.map((p) => p.trim().toLowerCase()).join('\u0000');

/** Checks a file against the stored locations; returns what it would add, and every problem. */
async function plan(db: Kysely<Database>, text: string, limited: readonly number[] | null): Promise<{ planned: Planned; problems: ImportProblem[]; rows: number }> {
  const problems: ImportProblem[] = [];
  const parsed = parseCsv(text);
  const [head, ...rows] = parsed;
  const header = head?.cells.map((c) => c.trim().toLowerCase()) ?? [];
  if (!head || HEADER.some((h) => !header.includes(h))) {
    return { planned: { districts: [], tehsils: [], areas: [] }, problems: [{ line: head?.line ?? 1, message: `The first line must name the columns: ${HEADER.join(',')}.` }], rows: 0 };
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    return { planned: { districts: [], tehsils: [], areas: [] }, problems: [{ line: rows[MAX_IMPORT_ROWS]!.line, message: `At most ${MAX_IMPORT_ROWS} rows a file.` }], rows: rows.length };
  }
  const col = Object.fromEntries(HEADER.map((h) => [h, header.indexOf(h)])) as Record<(typeof HEADER)[number], number>;

  // what is stored (the district-limited admin sees its districts only)
  const storedDistricts = await db.selectFrom('districts').select(['id', 'title']).execute();
  const storedTehsils = await db.selectFrom('tehsils').select(['id', 'title', 'district_id']).execute();
  const storedAreas = await db.selectFrom('areas').select(['title', 'tehsil_id']).execute();
  const districtByName = new Map(storedDistricts.map((d) => [key(d.title), d]));
  const tehsilByName = new Map(storedTehsils.map((t) => [key(String(t.district_id), t.title), t]));
  const areaNames = new Set(storedAreas.map((a) => key(String(a.tehsil_id), a.title)));

  const planned: Planned = { districts: [], tehsils: [], areas: [] };
  // first line of each name the file adds, for "duplicate of line N"
  const fileDistricts = new Map<string, number>();
  const fileTehsils = new Map<string, number>();
  const fileAreas = new Map<string, number>();
  // the names the file adds, so that a later (or earlier) row may refer to them
  for (const { cells } of rows) {
    const type = (cells[col.type] ?? '').trim().toLowerCase();
    if (type === 'district') fileDistricts.set(key(cells[col.name] ?? ''), fileDistricts.get(key(cells[col.name] ?? '')) ?? -1);
    if (type === 'tehsil') fileTehsils.set(key(cells[col.district] ?? '', cells[col.name] ?? ''), -1);
  }
  const seenDistricts = new Map<string, number>();
  const seenTehsils = new Map<string, number>();

  const districtKnown = (name: string) => districtByName.has(key(name)) || fileDistricts.has(key(name));
  const inScope = (name: string) => {
    if (!limited) return true;
    const stored = districtByName.get(key(name));
    return Boolean(stored && limited.includes(stored.id));
  };

  for (const { line, cells } of rows) {
    const get = (c: (typeof HEADER)[number]) => (cells[col[c]] ?? '').trim();
    const type = get('type').toLowerCase();
    const name = get('name');
    const district = get('district');
    const tehsil = get('tehsil');
    const fail = (message: string) => problems.push({ line, message });
    if (!['district', 'tehsil', 'vc'].includes(type)) {
      fail(`Unknown type "${get('type')}": district, tehsil or vc.`);
      continue;
    }
    if (!name) {
      fail('The name is missing.');
      continue;
    }
    if (type === 'district') {
      if (limited) fail('Only an admin of every district can add a district.');
      else if (districtByName.has(key(name))) fail(`The district "${name}" already exists.`);
      else if (seenDistricts.has(key(name))) fail(`Duplicate of line ${seenDistricts.get(key(name))}.`);
      else {
        seenDistricts.set(key(name), line);
        planned.districts.push({ title: name });
      }
      continue;
    }
    if (!district) fail('The district is missing.');
    else if (!districtKnown(district)) fail(`Unknown district "${district}".`);
    else if (!inScope(district)) fail(`The district "${district}" is not one of yours.`);
    const stored = districtByName.get(key(district));
    if (type === 'tehsil') {
      if (!district || !districtKnown(district) || !inScope(district)) continue;
      const k = key(district, name);
      if (stored && tehsilByName.has(key(String(stored.id), name))) fail(`The tehsil "${name}" already exists in ${district}.`);
      else if (seenTehsils.has(k)) fail(`Duplicate of line ${seenTehsils.get(k)}.`);
      else {
        seenTehsils.set(k, line);
        planned.tehsils.push({ title: name, district });
      }
      continue;
    }
    // vc
    const storedTehsil = stored ? tehsilByName.get(key(String(stored.id), tehsil)) : undefined;
    if (!tehsil) fail('The tehsil is missing.');
    else if (district && districtKnown(district) && !storedTehsil && !fileTehsils.has(key(district, tehsil))) fail(`Unknown tehsil "${tehsil}" in ${district}.`);
    const lat = Number(get('lat'));
    const long = Number(get('long'));
    if (get('lat') === '' || !Number.isFinite(lat) || lat < -90 || lat > 90) fail(`Bad latitude "${get('lat')}": a number from -90 to 90.`);
    if (get('long') === '' || !Number.isFinite(long) || long < -180 || long > 180) fail(`Bad longitude "${get('long')}": a number from -180 to 180.`);
    const k = key(district, tehsil, name);
    if (storedTehsil && areaNames.has(key(String(storedTehsil.id), name))) fail(`The VC "${name}" already exists in ${tehsil}.`);
    else if (fileAreas.has(k)) fail(`Duplicate of line ${fileAreas.get(k)}.`);
    else fileAreas.set(k, line);
    if (problems.at(-1)?.line !== line) planned.areas.push({ title: name, district, tehsil, lat, long });
  }
  return { planned, problems, rows: rows.length };
}

/** Writes what `plan` found, in the caller's transaction; returns how many of each it added. */
async function write(trx: Kysely<Database>, planned: Planned): Promise<{ districts: number; tehsils: number; areas: number }> {
  const stamp = now();
  const districtId = new Map((await trx.selectFrom('districts').select(['id', 'title']).execute()).map((d) => [key(d.title), d.id]));
  for (const d of planned.districts) {
    const row = await trx.insertInto('districts').values({ title: d.title, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    districtId.set(key(d.title), row.id);
  }
  const tehsilId = new Map((await trx.selectFrom('tehsils').select(['id', 'title', 'district_id']).execute()).map((t) => [key(String(t.district_id), t.title), t.id]));
  for (const t of planned.tehsils) {
    const district = districtId.get(key(t.district))!;
    const row = await trx.insertInto('tehsils').values({ title: t.title, district_id: district, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow();
    tehsilId.set(key(String(district), t.title), row.id);
  }
  const areaRows = planned.areas.map((a) => {
    const district = districtId.get(key(a.district))!;
    return { title: a.title, district_id: district, tehsil_id: tehsilId.get(key(String(district), a.tehsil))!, lat: a.lat, long: a.long, created_at: stamp, updated_at: stamp };
  });
  for (let i = 0; i < areaRows.length; i += 500) await trx.insertInto('areas').values(areaRows.slice(i, i + 500)).execute();
  return { districts: planned.districts.length, tehsils: planned.tehsils.length, areas: areaRows.length };
}

const Body = Type.Object(
  {
    file: Type.Unsafe<unknown>({ description: 'the CSV: a file part of form data, or its text in JSON', 'x-message': 'Please choose a CSV file.', 'x-file': { multiple: false, nullable: false } }),
    dry_run: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export function registerLocationImport(app: FastifyInstance): void {
  const ctx = app.ctx;
  app.post(
    '/api/admin/locations/import',
    {
      ...uploadRoute({ fileBytes: MAX_IMPORT_BYTES, files: 1 }, { access: { permission: 'create_location' } }),
      schema: {
        tags: ['locations'], summary: 'Import districts, tehsils and VC areas from a CSV (dry_run=true checks only)', body: Body, consumes: ['multipart/form-data', 'application/json'],
        response: answers(Type.Object({
          dry_run: Type.Boolean(), rows: Type.Integer(), districts: Type.Integer(), tehsils: Type.Integer(), areas: Type.Integer(),
          errors: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() })),
        }), 'What the CSV holds (a dry run: what it would add and each problem), or what it added.'),
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const body = request.body as { file: unknown; dry_run?: boolean };
      const text = Buffer.isBuffer(body.file) ? body.file.toString('utf8') : typeof body.file === 'string' ? body.file : null;
      if (text === null || text.trim() === '') throw ValidationError.field('file', 'Please choose a CSV file.');
      if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw new HttpError(413, `The file is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
      if (text.includes('\u0000')) throw ValidationError.field('file', 'That is not a CSV file.');
      // as documented: `dry_run=true` only checks; without it the rows are checked and imported
      const dryRun = body.dry_run === true;
      const check = await plan(ctx.db, text, admin.districtIds);
      const summary = { rows: check.rows, districts: check.planned.districts.length, tehsils: check.planned.tehsils.length, areas: check.planned.areas.length };
      if (dryRun) return ok({ dry_run: true, ...summary, errors: check.problems }, check.problems.length ? 'Some rows need fixing.' : 'Every row is ready to import.');
      if (check.problems.length) {
        throw new HttpError(422, 'Nothing was imported: some rows need fixing.', { file: check.problems.map((p) => `Line ${p.line}: ${p.message}`) });
      }
      if (admin.districtIds && check.planned.districts.length) throw forbidden('Only an admin of every district can add a district.');
      const created = await ctx.db.transaction().execute(async (trx) => {
        const counts = await write(trx, check.planned);
        await audit(trx, { actorId: admin.id, action: 'import', resource: 'locations', recordId: null, changes: counts, ip: request.ip, requestId: request.id });
        return counts;
      });
      for (const resource of ['districts', 'tehsils', 'areas'] as const) {
        if (created[resource]) void ctx.realtime.publish(ctx.realtime.channelForChanges(resource), CHANGED_EVENT, { action: 'import', id: null, by: ctx.ids.encode('admins', admin.id) });
      }
      return ok({ dry_run: false, rows: check.rows, ...created, errors: [] }, `Imported ${created.districts} districts, ${created.tehsils} tehsils and ${created.areas} VC areas.`);
    },
  );
}
