/**
 * Exports built in the browser, for a backend that has no export of its own (withConsoleMethods, the
 * in-browser demo): a list's records as a table in the reader's words, written as CSV or as a real
 * one-sheet XLSX (a zip of SpreadsheetML parts, stored uncompressed).
 */
import type { ExportParams } from '../consoleMethods';

type Row = Record<string, unknown>;
export type ExportFormat = 'csv' | 'xlsx';

const isRecord = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A person's name, or a record's title or name: how a relation embedded in a record is written in a cell. */
export const nameOf = (record: Row): string =>
  [record.f_name, record.l_name].filter((part) => typeof part === 'string' && part).join(' ') ||
  String(record.title ?? record.name ?? record.country ?? record.email ?? record.id ?? '');

/** Never a column: ids other than `id`, secrets, links. */
const HIDDEN = /(^|_)(encrypted_id|uuid|password|token|pusher_id)$|^number$|Ids$/;

/** A cell's text: a relation by its name, a list of them joined, a stored file by its title. */
export function cellText(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.map(cellText).filter(Boolean).join(', ');
  if (isRecord(value)) return typeof value.src === 'string' ? String(value.title ?? value.src) : nameOf(value);
  return String(value);
}

export interface Table {
  header: string[];
  rows: unknown[][];
}

/**
 * The records as a table. With the reader's labels (ExportParams['reader']), the columns are the fields
 * the records hold that have a label (in the labels' order, `id` first, a person's name as `name`), headed
 * by their labels, statuses in the reader's words (`status.1`); without them, every plain field.
 */
export function toTable(records: Row[], reader?: ExportParams['reader']): Table {
  const held = new Set(records.flatMap((record) => Object.keys(record)));
  const people = held.has('f_name');
  const rowsOf = (columns: string[]) =>
    records.map((record) =>
      columns.map((column) => {
        const value = column === 'name' && people ? nameOf(record) : record[column];
        if (column === 'status' && reader && (typeof value === 'number' || typeof value === 'string')) return reader.labels[`status.${value}`] ?? value;
        return typeof value === 'number' ? value : cellText(value);
      }),
    );
  if (!reader) {
    const columns = [...held].filter((field) => !HIDDEN.test(field) && records.some((record) => !isRecord(record[field]) && !Array.isArray(record[field])));
    return { header: columns, rows: rowsOf(columns) };
  }
  const labelled = Object.keys(reader.labels).filter((key) => !key.includes('.') && key !== 'id' && (held.has(key) || (key === 'name' && people)));
  const columns = ['id', ...labelled];
  return { header: columns.map((column) => reader.labels[column] ?? column), rows: rowsOf(columns) };
}

const csvCell = (value: unknown): string => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = cellText(value);
  // a cell a spreadsheet would read as a formula is written as text
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** CSV (RFC 4180) with a byte-order mark, so spreadsheet programs read non-ASCII names right. */
export function toCsv({ header, rows }: Table): string {
  return `\ufeff${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

const xml = (text: string) =>
  text
    .replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!)
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, ''); // eslint-disable-line no-control-regex

const sheetRow = (values: unknown[], style = '') =>
  `<row>${values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? `<c${style}><v>${v}</v></c>` : `<c t="inlineStr"${style}><is><t xml:space="preserve">${xml(cellText(v))}</t></is></c>`)).join('')}</row>`;

const PARTS = {
  '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  '_rels/.rels': '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/styles.xml': '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>',
  'xl/workbook.xml': '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Export" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels': '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};

/** A zip of the given entries, stored (no compression): what every spreadsheet program reads. */
function zip(entries: [string, string][]): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const nameBytes = encoder.encode(name);
    const data = encoder.encode(text);
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true); // UTF-8 names
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, nameBytes.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(8, 0x0800, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, data.length, true);
    entry.setUint32(24, data.length, true);
    entry.setUint16(28, nameBytes.length, true);
    entry.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), nameBytes, data);
    central.push(new Uint8Array(entry.buffer), nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const size = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A one-sheet XLSX of the table: the header bold and frozen, right to left for a right-to-left reader. */
export function toXlsx({ header, rows }: Table, options: { rightToLeft?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const view = `<sheetViews><sheetView workbookViewId="0"${options.rightToLeft ? ' rightToLeft="1"' : ''}><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`;
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${view}<sheetData>${sheetRow(header, ' s="1"')}${rows.map((row) => sheetRow(row)).join('')}</sheetData></worksheet>`;
  return zip([...Object.entries(PARTS), ['xl/worksheets/sheet1.xml', sheet]]);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file of a table in the format asked for, with its MIME type. */
export function spreadsheetFile(table: Table, format: ExportFormat = 'csv', reader?: ExportParams['reader']): Blob {
  return format === 'xlsx'
    ? new Blob([toXlsx(table, { rightToLeft: reader?.lang === 'ar' })], { type: XLSX_TYPE })
    : new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' });
}

/** Sends the browser a file to save: a link to it, clicked. */
export const downloadLink = (url: string, fileName: string): void => {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
};
