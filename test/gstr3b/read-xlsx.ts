/**
 * Second readers of a workbook for the GSTR-3B tests: a zip and XML read of the file's parts (node:zlib, not
 * gstkit's writer), and LibreOffice's CSV export of every sheet by name.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

/** Every entry of a zip archive by name, read through its central directory. */
export function unzip(data: Uint8Array): Map<string, string> {
  const buf = Buffer.from(data);
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('no end of central directory');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(start, start + size);
    out.set(name, (method === 8 ? inflateRawSync(raw) : raw).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

const xmlText = (s: string): string =>
  s
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The internal links of each sheet, by sheet name: cell reference → location. */
export function sheetLinks(data: Uint8Array): Map<string, Map<string, string>> {
  const parts = unzip(data);
  const rels = parts.get('xl/_rels/workbook.xml.rels') ?? '';
  const target = new Map([...rels.matchAll(/<Relationship [^>]*Id="([^"]+)"[^>]*Target="([^"]+)"/g)].map((m) => [m[1], m[2]]));
  const out = new Map<string, Map<string, string>>();
  for (const m of (parts.get('xl/workbook.xml') ?? '').matchAll(/<sheet name="([^"]+)"[^>]*r:id="([^"]+)"/g)) {
    const xml = parts.get(`xl/${target.get(m[2])}`) ?? '';
    const links = new Map<string, string>();
    for (const h of xml.matchAll(/<hyperlink ref="([A-Z]+\d+)" location="([^"]+)"/g)) links.set(h[1] as string, xmlText(h[2] as string));
    out.set(xmlText(m[1] as string), links);
  }
  return out;
}

/** LibreOffice's CSV of every sheet: sheet name → rows of fields. */
export function libreofficeSheets(soffice: string, data: Uint8Array): Map<string, string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gstkit-3b-'));
  try {
    fs.writeFileSync(path.join(dir, 'book.xlsx'), data);
    execFileSync(
      soffice,
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1',
        '--outdir',
        dir,
        path.join(dir, 'book.xlsx'),
      ],
      { stdio: 'pipe', timeout: 180_000 },
    );
    const out = new Map<string, string[][]>();
    for (const f of fs.readdirSync(dir)) {
      const m = /^book-(.*)\.csv$/.exec(f);
      if (!m) continue;
      const rows = fs
        .readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map(fields);
      out.set(m[1] as string, rows);
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The fields of one CSV line. */
function fields(line: string): string[] {
  const out: string[] = [];
  let f = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (q) {
      if (c === '"' && line[i + 1] === '"') {
        f += '"';
        i++;
      } else if (c === '"') q = false;
      else f += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      out.push(f);
      f = '';
    } else f += c;
  }
  out.push(f);
  return out;
}
