import { inflateRawSync } from 'node:zlib';

/** Readers of the CSV and XLSX files the exports stream, enough to check what they hold. */

/** Reads one entry of a zip through its central directory, deflated or stored (enough to check our XLSX). */
export function unzipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLen = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const entryName = zip.subarray(at + 46, at + 46 + nameLen).toString();
    const local = zip.readUInt32LE(at + 42);
    if (entryName === name) {
      const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(dataStart, dataStart + size);
      // deflated (the server's streamed XLSX) or stored (the XLSX built in the browser)
      return (method === 0 ? data : inflateRawSync(data)).toString('utf8');
    }
    at += 46 + nameLen + extra;
  }
  throw new Error(`${name} not in zip`);
}

/** RFC 4180 fields (quoted with "" for a quote), enough for our exports. */
export function parseCsv(text: string): string[][] {
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

const XML_ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&apos;': "'" };

/** The cells of each row of an XLSX sheet as text (inline strings and numbers, as our XLSX writes them). */
export function sheetRows(sheetXml: string): string[][] {
  return [...sheetXml.matchAll(/<row>(.*?)<\/row>/gs)].map(([, row]) =>
    [...row!.matchAll(/<c[^>]*>(?:<v>(.*?)<\/v>|<is><t[^>]*>(.*?)<\/t><\/is>)<\/c>/gs)].map(([, number, text]) =>
      (number ?? text ?? '').replace(/&(lt|gt|amp|quot|apos);/g, (entity) => XML_ENTITIES[entity]!),
    ),
  );
}
