import { inflateRawSync } from 'node:zlib';
import { cellText, csvLine } from '../src/services/export';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';

/** Reads one entry of a zip through its central directory (enough to check our XLSX). */
function unzipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const entryName = zip.subarray(at + 46, at + 46 + nameLen).toString();
    const local = zip.readUInt32LE(at + 42);
    if (entryName === name) {
      const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      return inflateRawSync(zip.subarray(dataStart, dataStart + size)).toString('utf8');
    }
    at += 46 + nameLen + extra;
  }
  throw new Error(`${name} not in zip`);
}

/** RFC 4180 fields (quoted with "" for a quote), enough for our exports. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe.each(DIALECTS)('exports on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    for (const title of ['Lahore', 'Kasur', '=HYPERLINK("x")', 'Okara, "East"']) {
      await t.inject({ method: 'POST', url: '/api/admin/districts', token: t.rootToken, payload: { title } });
    }
  });
  afterAll(() => t.close());

  const linkFor = async (query: string, token = t.rootToken) => {
    const res = await t.inject({ method: 'GET', url: `/api/admin/districts?download=true&${query}`, token });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data as string);
    expect(url.origin).toBe('http://console.test');
    return url.pathname;
  };

  test('download=true gives a short-lived link that streams the filtered, sorted list as CSV without a bearer', async () => {
    const path = await linkFor('search=a&sort=title&order=desc');
    const res = await t.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="districts-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(res.body.replace(/^\ufeff/, ''));
    expect(rows[0]).toEqual(['id', 'title', 'created_at', 'updated_at']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Okara, "East"', 'Lahore', 'Kasur']);
    // every text cell is quoted, numbers are not
    expect(res.body).toContain('"Okara, ""East"""');
    expect(res.body.split('\r\n')[1]).toMatch(/^\d+,"/);
    // formulas are neutralised
    const all = await t.inject({ method: 'GET', url: await linkFor('') });
    expect(all.body).toContain(`"'=HYPERLINK`);
  });

  test('formula cells are neutralised also after spaces or line breaks, and semicolon locales cannot split a cell', () => {
    // a cell that, unquoted, German/French Excel (list separator ;) would split into =1+2 and @SUM(3)
    expect(csvLine([7, 'a;=1+2;@SUM(3)'])).toBe('7,"a;=1+2;@SUM(3)"\r\n');
    for (const formula of ['=1+2', ' =1+2', '\n=1+2', '\r\n+1', '  -1+2', '@SUM(1)', '\tx', '\u3000=1', '\uff1d1+2']) {
      expect([formula, cellText(formula)]).toEqual([formula, `'${formula}`]);
      expect(csvLine([formula]).startsWith(`"'`)).toBe(true);
    }
    for (const plain of ['Lahore', 'a=b', 'e-mail', '', 'x@y.org']) expect(cellText(plain)).toBe(plain);
    expect(csvLine([null, 3.5, 'say "hi"'])).toBe('"",3.5,"say ""hi"""\r\n');
  });

  test('XLSX is a valid zip holding the rows', async () => {
    const path = await linkFor('format=xlsx&sort=title&order=asc');
    const res = await t.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    const sheet = unzipEntry(res.rawPayload, 'xl/worksheets/sheet1.xml');
    expect(sheet).toMatch(/^<\?xml/);
    const titles = [...sheet.matchAll(/<t xml:space="preserve">([^<]*)<\/t>/g)].map((m) => m[1]);
    expect(titles).toContain('Lahore');
    expect(titles.indexOf('Kasur')).toBeLessThan(titles.indexOf('Lahore'));
    expect(unzipEntry(res.rawPayload, '[Content_Types].xml')).toContain('spreadsheetml');
  });

  test('a tampered or expired link is refused, and so is one whose admin lost the permission', async () => {
    const path = await linkFor('');
    expect((await t.inject({ method: 'GET', url: `${path.slice(0, -2)}xx` })).statusCode).toBe(410);
    const sub = await adminWith(t, ['view_location']);
    const subPath = await linkFor('', sub.token);
    expect((await t.inject({ method: 'GET', url: subPath })).statusCode).toBe(200);
    const role = await t.db.db.selectFrom('admins').select('role_id').where('email', '=', sub.email).executeTakeFirstOrThrow();
    await t.db.db.deleteFrom('role_permissions').where('role_id', '=', role.role_id).execute();
    expect((await t.inject({ method: 'GET', url: subPath })).statusCode).toBe(403);
  });
});
