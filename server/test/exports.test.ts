import { cellText, csvLine } from '../src/services/export';
import { adminWith, DIALECTS, startTestApp, type TestApp } from './helpers/app';
import { parseCsv, unzipEntry } from './helpers/spreadsheet';

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
    expect(rows[0]).toEqual(['ID', 'Title', 'Created at', 'Updated at']);
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
