import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** What a signed export link carries: who asked, for which list, with which query, until when. */
export interface ExportClaim {
  resource: string;
  adminId: number;
  query: Record<string, string | string[]>;
  format: 'csv' | 'xlsx';
  /** the reader's language and time zone, as the console sent them */
  lang?: string;
  tz?: string;
  /** the digest of the labels (headers, status words) the link's query carries */
  labels?: string;
  /** expiry, ms since epoch */
  exp: number;
}

export const EXPORT_TTL_MS = 5 * 60_000;
/** rows an XLSX's column widths are measured on */
const WIDTH_SAMPLE = 200;

const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(`export:${body}`).digest('base64url');

/** A short-lived link that works without the bearer header (a browser navigates to it). */
export function signExport(key: Buffer, claim: ExportClaim): string {
  const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

export function verifyExport(key: Buffer, token: string): ExportClaim | null {
  const [body, sig] = token.split('.');
  if (!body || !sig) return null;
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ExportClaim;
    return claim.exp > Date.now() ? claim : null;
  } catch {
    return null;
  }
}

/**
 * A cell as text. A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as
 * a formula, also after leading spaces or line breaks, which it trims: such a cell gets a leading '.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof DateCell) return value.text;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /^(?:[\t\r]|[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20])/.test(text) ? `'${text}` : text;
}

/**
 * One CSV line. Every text cell is quoted: unquoted, a ; , or tab inside it would split it into
 * several cells in the Excel of a locale whose list separator is not the comma (German, French,
 * Spanish, Portuguese), where each piece could start a formula of its own. Numbers stay bare.
 */
export function csvLine(values: unknown[]): string {
  return `${values
    .map((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : `"${cellText(v).replace(/"/g, '""')}"`))
    .join(',')}\r\n`;
}

/** CSV with a UTF-8 byte-order mark, so spreadsheet programs read non-ASCII names right. */
export function csvStream(header: string[], rows: AsyncIterable<unknown[]>): Readable {
  return Readable.from(
    (async function* () {
      yield `\ufeff${csvLine(header)}`;
      for await (const row of rows) yield csvLine(row);
    })(),
  );
}

const xml = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!)
  // characters XML 1.0 forbids
  .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, ''); // eslint-disable-line no-control-regex

/** A date (or date and time) cell of a sheet: days since 1899-12-30 in the reader's zone, shown in the reader's date format. */
export class DateCell {
  constructor(
    readonly serial: number,
    readonly withTime: boolean,
    /** the CSV's text of it, in the reader's language */
    readonly text: string,
  ) {}
  toString(): string {
    return this.text;
  }
}

/** Spreadsheet serial of a moment (ms since epoch, already shifted to the reader's zone). */
export const excelSerial = (ms: number) => ms / 86_400_000 + 25569;

/** Cell styles (xl/styles.xml): 1 a date (built-in format 14, which the reader's spreadsheet shows in its locale), 2 a date and time (22), 3 the bold header. */
const STYLES = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>';

function sheetRow(values: unknown[], style = ''): string {
  const cells = values.map((v) =>
    v instanceof DateCell
      ? `<c s="${v.withTime ? 2 : 1}"><v>${v.serial}</v></c>`
      : typeof v === 'number' && Number.isFinite(v)
        ? `<c${style}><v>${v}</v></c>`
        : `<c t="inlineStr"${style}><is><t xml:space="preserve">${xml(cellText(v))}</t></is></c>`,
  );
  return `<row>${cells.join('')}</row>`;
}

/** How wide a column is for a value (characters; a date's width is its format's). */
const widthOf = (v: unknown) => (v instanceof DateCell ? (v.withTime ? 17 : 11) : [...cellText(v)].length);

const STATIC_PARTS: [string, string][] = [
  ['[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>'],
  ['_rels/.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'],
  ['xl/styles.xml', STYLES],
  ['xl/workbook.xml', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Export" sheetId="1" r:id="rId1"/></sheets></workbook>'],
  ['xl/_rels/workbook.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>'],
];

/**
 * A one-sheet XLSX written as it streams: a zip whose entries are deflated on the fly, each followed
 * by a data descriptor (sizes and CRC known only at the end), then the central directory.
 */
export function xlsxStream(header: string[], rows: AsyncIterable<unknown[]>, options: { rightToLeft?: boolean } = {}): Readable {
  async function* sheet() {
    // the column widths come before the rows: measured on the header and the first rows
    const iterator = rows[Symbol.asyncIterator]();
    const ahead: unknown[][] = [];
    let done = false;
    while (ahead.length < WIDTH_SAMPLE) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      ahead.push(next.value);
    }
    const widths = header.map((h, i) => Math.min(60, Math.max(8, [...h].length + 2, ...ahead.map((r) => widthOf(r[i]) + 1))));
    const view = `<sheetViews><sheetView workbookViewId="0"${options.rightToLeft ? ' rightToLeft="1"' : ''}><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`;
    const cols = `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`;
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${view}${cols}<sheetData>`;
    yield sheetRow(header, ' s="3"');
    for (const row of ahead) yield sheetRow(row);
    while (!done) {
      const next = await iterator.next();
      if (next.done) break;
      yield sheetRow(next.value);
    }
    yield '</sheetData></worksheet>';
  }
  async function* zip(): AsyncGenerator<Buffer> {
    const central: Buffer[] = [];
    let offset = 0;
    const entries: [string, AsyncIterable<string> | string][] = [...STATIC_PARTS, ['xl/worksheets/sheet1.xml', sheet()]];
    for (const [name, content] of entries) {
      const nameBytes = Buffer.from(name);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed
      local.writeUInt16LE(0x0808, 6); // data descriptor follows; UTF-8 names
      local.writeUInt16LE(8, 8); // deflate
      local.writeUInt16LE(nameBytes.length, 26);
      const headerOffset = offset;
      yield Buffer.concat([local, nameBytes]);
      offset += 30 + nameBytes.length;

      let crc = 0;
      let size = 0;
      let compressed = 0;
      const deflate = createDeflateRaw();
      const out: Buffer[] = [];
      deflate.on('data', (b: Buffer) => out.push(b));
      const feed = async (text: string) => {
        const bytes = Buffer.from(text);
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (!deflate.write(bytes)) await new Promise((r) => deflate.once('drain', r));
      };
      if (typeof content === 'string') await feed(content);
      else for await (const part of content) {
        await feed(part);
        while (out.length) {
          const b = out.shift()!;
          compressed += b.length;
          yield b;
        }
      }
      // 'end' of the readable side: every compressed byte has been emitted
      await new Promise<void>((resolve) => {
        deflate.once('end', resolve);
        deflate.end();
      });
      for (const b of out.splice(0)) {
        compressed += b.length;
        yield b;
      }
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      descriptor.writeUInt32LE(compressed, 8);
      descriptor.writeUInt32LE(size, 12);
      yield descriptor;
      offset += compressed + 16;

      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(20, 4);
      entry.writeUInt16LE(20, 6);
      entry.writeUInt16LE(0x0808, 8);
      entry.writeUInt16LE(8, 10);
      entry.writeUInt32LE(crc >>> 0, 16);
      entry.writeUInt32LE(compressed, 20);
      entry.writeUInt32LE(size, 24);
      entry.writeUInt16LE(nameBytes.length, 28);
      entry.writeUInt32LE(headerOffset, 42);
      central.push(entry, nameBytes);
    }
    const dir = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(dir.length, 12);
    end.writeUInt32LE(offset, 16);
    yield dir;
    yield end;
  }
  return Readable.from(zip());
}
