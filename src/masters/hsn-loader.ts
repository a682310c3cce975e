/**
 * Reading the government's HSN_SAC.xlsx into an {@link HsnMaster}, and a compact file form that loads fast.
 * exceljs (an optional peer dependency) is imported only when an xlsx is actually read. Files are read and
 * written through the runtime's node:fs where it has one (Node, Deno, Bun); elsewhere the functions that
 * take a path answer HSN-001 or HSN-020, and {@link parseCompactHsn} takes the file's text instead.
 * @module
 */
import { error, warning, type Issue, type Outcome } from '../issue.js';
import { nodeBuiltin } from '../platform/node-builtin.js';
import { createHsnMaster, masterFromMap, type HsnEntry, type HsnKind, type HsnMaster } from './hsn.js';

/** Loader issue codes (see docs/masters.md). */
export const hsnCodes = {
  unreadable: 'HSN-001',
  noSheet: 'HSN-002',
  badFormat: 'HSN-003',
  empty: 'HSN-004',
  rowSkipped: 'HSN-010',
  rowRepaired: 'HSN-011',
  duplicate: 'HSN-012',
  sheetMissing: 'HSN-013',
  writeFailed: 'HSN-020',
} as const;

/** @deprecated The name before the code tables were named alike; use {@link hsnCodes}. */
export const HSN_CODES = hsnCodes;

const MAX_NOTES = 200;

/** The part of node:fs the loader uses. */
interface FileSystem {
  readFileSync(path: string, encoding: 'utf8'): string;
  writeFileSync(path: string, text: string, encoding: 'utf8'): void;
}

const NO_FILE_SYSTEM = "this runtime gives no file system (node:fs): pass the file's text to parseCompactHsn instead";

/** The file's name without its folders, on either kind of separator. */
const baseName = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
const COMPACT_HEADER = 'gstkit-hsn/1';

/** Collapses runs of white space (the official descriptions contain line breaks) and trims. */
function cleanText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text a cell shows: plain values, rich text, hyperlinks, and formulas (their result, else their text). */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return v.richText.map((r: { text?: unknown }) => String(r?.text ?? '')).join('');
    if ('formula' in v || 'sharedFormula' in v) {
      const result = v.result;
      if (typeof result === 'string' || typeof result === 'number') return String(result);
      return String(v.formula ?? '');
    }
    if (typeof v.text === 'string') return v.text;
  }
  return '';
}

/** What became of one code cell. */
type CodeResult = { code: string; repaired: boolean } | { code: undefined; reason: string };

/** Normalises a code cell: numbers lose leading zeros and some cells hold spaces (`2307 00`). */
function normalizeCode(raw: unknown): CodeResult {
  let text = cellText(raw).replace(/[\s.]/g, '');
  if (text === '') return { code: undefined, reason: 'empty code' };
  if (!/^\d+$/.test(text)) return { code: undefined, reason: `code ${JSON.stringify(text.slice(0, 20))} is not digits` };
  let repaired = text !== cellText(raw).trim();
  if (text.length % 2 === 1 && text.length < 8) {
    text = '0' + text;
    repaired = true;
  }
  if (text.length < 2 || text.length > 8) return { code: undefined, reason: `code ${text} has ${text.length} digits` };
  return { code: text, repaired };
}

interface SheetLike {
  name: string;
  rowCount: number;
  getRow(n: number): { getCell(c: number): { value: unknown } };
}

/** Finds the header row (first 5 rows) and the code and description columns; defaults to A and B. */
function findColumns(sheet: SheetLike): { first: number; codeCol: number; descCol: number } {
  for (let r = 1; r <= Math.min(5, sheet.rowCount); r++) {
    const row = sheet.getRow(r);
    let codeCol = 0;
    let descCol = 0;
    for (let c = 1; c <= 10; c++) {
      const t = cellText(row.getCell(c).value).trim().toUpperCase();
      if (!codeCol && /(^|_)(CD|CODE)$|^(HSN|SAC)$/.test(t)) codeCol = c;
      else if (!descCol && /DESC/.test(t)) descCol = c;
    }
    if (codeCol && descCol) return { first: r + 1, codeCol, descCol };
  }
  return { first: 1, codeCol: 1, descCol: 2 };
}

function readSheet(sheet: SheetLike, kind: HsnKind, out: HsnEntry[], notes: Issue[], seen: Set<string>, counts: LoadSummary): void {
  const { first, codeCol, descCol } = findColumns(sheet);
  const note = (issue: Issue): void => {
    if (notes.length < MAX_NOTES) notes.push(issue);
  };
  for (let r = first; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const rawCode = row.getCell(codeCol).value;
    const description = cleanText(cellText(row.getCell(descCol).value));
    const where = `${sheet.name} row ${r}`;
    if (cellText(rawCode).trim() === '' && description === '') continue;
    counts.rows++;
    const result = normalizeCode(rawCode);
    if (result.code === undefined) {
      counts.skipped++;
      note(warning(hsnCodes.rowSkipped, `${where} skipped: ${result.reason}`));
      continue;
    }
    if (seen.has(result.code)) {
      counts.duplicates++;
      note(warning(hsnCodes.duplicate, `${where}: code ${result.code} appears earlier; the first row is kept`));
      continue;
    }
    if (result.repaired) {
      counts.repaired++;
      note(warning(hsnCodes.rowRepaired, `${where}: code ${JSON.stringify(cellText(rawCode))} read as ${result.code}`));
    }
    seen.add(result.code);
    out.push({ code: result.code, description, kind: kind === 'goods' && result.code.startsWith('99') ? 'service' : kind });
  }
}

/**
 * Reads the government's HSN_SAC.xlsx (sheets HSN_MSTR and SAC_MSTR, columns code and description).
 * Codes whose leading zero was lost are restored; unreadable rows are skipped. Both are listed in the
 * master's `notes`. Fails when the file cannot be read or has neither sheet.
 */
export async function loadHsnMasterFromXlsx(path: string): Promise<Outcome<HsnMaster>> {
  let workbook: { worksheets: SheetLike[] };
  let ExcelJS: typeof import('exceljs');
  try {
    // exceljs is an optional peer dependency: only this reader of the official file needs it.
    ExcelJS = (await import('exceljs')).default;
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException)?.code === 'ERR_MODULE_NOT_FOUND';
    const why = missing ? 'reading the official xlsx needs the optional package exceljs: npm install exceljs' : String((e as Error)?.message ?? e);
    return { ok: false, errors: [error(hsnCodes.unreadable, `Cannot read ${path}: ${why}`)] };
  }
  try {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    workbook = wb as unknown as { worksheets: SheetLike[] };
  } catch (e) {
    return { ok: false, errors: [error(hsnCodes.unreadable, `Cannot read ${path} as an xlsx workbook: ${(e as Error)?.message ?? e}`)] };
  }
  const find = (name: string): SheetLike | undefined => workbook.worksheets.find((s) => s.name.trim().toUpperCase() === name);
  const goods = find('HSN_MSTR');
  const services = find('SAC_MSTR');
  if (!goods && !services) {
    const names = workbook.worksheets.map((s) => s.name).join(', ');
    return { ok: false, errors: [error(hsnCodes.noSheet, `${path} has no HSN_MSTR or SAC_MSTR sheet (sheets: ${names || 'none'})`)] };
  }
  const entries: HsnEntry[] = [];
  const notes: Issue[] = [];
  const seen = new Set<string>();
  const counts: LoadSummary = { rows: 0, repaired: 0, duplicates: 0, skipped: 0 };
  if (goods) readSheet(goods, 'goods', entries, notes, seen, counts);
  else notes.push(warning(hsnCodes.sheetMissing, `${path} has no HSN_MSTR sheet: goods codes not loaded`));
  if (services) readSheet(services, 'service', entries, notes, seen, counts);
  else notes.push(warning(hsnCodes.sheetMissing, `${path} has no SAC_MSTR sheet: service codes not loaded`));
  if (entries.length === 0) return { ok: false, errors: [error(hsnCodes.empty, `${path} holds no HSN or SAC codes`)] };
  return { ok: true, value: withSummary(createHsnMaster(entries, baseName(path), notes), counts) };
}

/**
 * What loading an xlsx did: data rows read, codes repaired (spaces removed, a lost leading zero
 * restored), rows whose code repeats an earlier row (the first is kept), rows skipped as unreadable.
 */
export interface LoadSummary {
  rows: number;
  repaired: number;
  duplicates: number;
  skipped: number;
}

/** Kept beside the master, since its notes are capped. */
const summaries = new WeakMap<HsnMaster, LoadSummary>();
function withSummary(master: HsnMaster, counts: LoadSummary): HsnMaster {
  summaries.set(master, Object.freeze({ ...counts }));
  return master;
}

/** The load summary of a master read from xlsx; undefined for other masters. */
export function hsnLoadSummary(master: HsnMaster): LoadSummary | undefined {
  return summaries.get(master);
}

/**
 * Writes a master in the compact form: JSON when the path ends in `.json`, otherwise a line format
 * (`gstkit-hsn/1` header, then `code<TAB>G|S<TAB>description` per line).
 */
export function writeCompactHsn(master: HsnMaster, outPath: string): Outcome<{ path: string; bytes: number; codes: number }> {
  let text: string;
  const rows = [...master.codes.values()];
  if (baseName(outPath).toLowerCase().endsWith('.json')) {
    text =
      JSON.stringify({
        format: COMPACT_HEADER,
        source: master.source,
        codes: rows.map((e) => [e.code, e.kind === 'service' ? 'S' : 'G', cleanText(e.description)]),
      }) + '\n';
  } else {
    const lines = [`${COMPACT_HEADER}\t${cleanText(master.source)}`];
    for (const e of rows) lines.push(`${e.code}\t${e.kind === 'service' ? 'S' : 'G'}\t${cleanText(e.description)}`);
    text = lines.join('\n') + '\n';
  }
  const fs = nodeBuiltin<FileSystem>('node:fs');
  if (!fs) return { ok: false, errors: [error(hsnCodes.writeFailed, `Cannot write ${outPath}: ${NO_FILE_SYSTEM}`)] };
  try {
    fs.writeFileSync(outPath, text, 'utf8');
  } catch (e) {
    return { ok: false, errors: [error(hsnCodes.writeFailed, `Cannot write ${outPath}: ${(e as Error)?.message ?? e}`)] };
  }
  return { ok: true, value: { path: outPath, bytes: new TextEncoder().encode(text).length, codes: rows.length } };
}

/** 2 to 8 digits. */
function isCode(text: string): boolean {
  if (text.length < 2 || text.length > 8) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Reads a file written by {@link writeCompactHsn} (either form). */
export function loadCompactHsn(path: string): Outcome<HsnMaster> {
  const fs = nodeBuiltin<FileSystem>('node:fs');
  if (!fs) return { ok: false, errors: [error(hsnCodes.unreadable, `Cannot read ${path}: ${NO_FILE_SYSTEM}`)] };
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, errors: [error(hsnCodes.unreadable, `Cannot read ${path}: ${(e as Error)?.message ?? e}`)] };
  }
  return parseCompactHsn(text, baseName(path));
}

/** Parses the text of a compact HSN file. */
export function parseCompactHsn(text: string, name = 'compact'): Outcome<HsnMaster> {
  const bad = (detail: string): Outcome<HsnMaster> => ({
    ok: false,
    errors: [error(hsnCodes.badFormat, `${name} is not a compact HSN master: ${detail}`)],
  });
  if (typeof text !== 'string') return bad('expected text');
  const codes = new Map<string, HsnEntry>();
  const add = (code: string, kind: HsnKind, description: string): void => {
    if (!codes.has(code)) codes.set(code, Object.freeze({ code, description, kind }));
  };
  let source = name;
  if (text.trimStart().startsWith('{')) {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      return bad('invalid JSON');
    }
    const d = doc as { format?: unknown; source?: unknown; codes?: unknown };
    if (d?.format !== COMPACT_HEADER || !Array.isArray(d.codes)) return bad(`expected {"format":"${COMPACT_HEADER}","codes":[...]}`);
    if (typeof d.source === 'string') source = d.source;
    for (let i = 0; i < d.codes.length; i++) {
      const row = d.codes[i] as unknown;
      if (!Array.isArray(row) || typeof row[0] !== 'string' || !isCode(row[0]) || (row[1] !== 'G' && row[1] !== 'S')) {
        return bad(`entry ${i} is not [code, "G"|"S", description]`);
      }
      add(row[0], row[1] === 'S' ? 'service' : 'goods', String(row[2] ?? ''));
    }
  } else {
    const lines = text.split('\n');
    const head = lines[0] ?? '';
    if (!head.startsWith(COMPACT_HEADER)) return bad(`first line must start with ${COMPACT_HEADER}`);
    const tab = head.indexOf('\t');
    if (tab > 0) source = head.slice(tab + 1).trim() || name;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      if (line === '' || line === '\r') continue;
      const t1 = line.indexOf('\t');
      const t2 = t1 < 0 ? -1 : line.indexOf('\t', t1 + 1);
      const code = t1 < 0 ? line : line.slice(0, t1);
      const k = t2 < 0 ? '' : line.slice(t1 + 1, t2);
      if (t2 < 0 || !isCode(code) || (k !== 'G' && k !== 'S')) return bad(`line ${i + 1} is not code<TAB>G|S<TAB>description`);
      add(code, k === 'S' ? 'service' : 'goods', line.slice(t2 + 1).trimEnd());
    }
  }
  if (codes.size === 0) return { ok: false, errors: [error(hsnCodes.empty, `${name} holds no HSN or SAC codes`)] };
  return { ok: true, value: masterFromMap(codes, source) };
}

/** Output streams of {@link importHsnCommand}, replaceable in tests. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
}

const USAGE = 'usage: gstkit masters import-hsn <HSN_SAC.xlsx> --out FILE\n';

/**
 * `gstkit masters import-hsn <HSN_SAC.xlsx> --out FILE`: reads the official file and writes the compact
 * form. Prints a one-line summary; returns 0 on success, 1 when the file cannot be read or written, 2 on misuse.
 */
export async function importHsnCommand(
  args: string[],
  io: CommandIo = { out: (t) => void process.stdout.write(t), err: (t) => void process.stderr.write(t) },
): Promise<number> {
  let input: string | undefined;
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-h' || a === '--help') {
      io.out(USAGE);
      return 0;
    }
    if (a === '--out' || a === '-o') {
      out = args[++i];
      if (out === undefined) {
        io.err(`--out needs a file name\n${USAGE}`);
        return 2;
      }
    } else if (a.startsWith('--out=')) out = a.slice(6);
    else if (a.startsWith('-') && a !== '-') {
      io.err(`unknown option ${a}\n${USAGE}`);
      return 2;
    } else if (input === undefined) input = a;
    else {
      io.err(`unexpected argument ${a}\n${USAGE}`);
      return 2;
    }
  }
  if (!input || !out) {
    io.err(USAGE);
    return 2;
  }
  const loaded = await loadHsnMasterFromXlsx(input);
  if (!loaded.ok) {
    for (const e of loaded.errors) io.err(`${e.code} ${e.message}\n`);
    return 1;
  }
  const master = loaded.value;
  const written = writeCompactHsn(master, out);
  if (!written.ok) {
    for (const e of written.errors) io.err(`${e.code} ${e.message}\n`);
    return 1;
  }
  const s = hsnLoadSummary(master) ?? { rows: 0, repaired: 0, duplicates: 0, skipped: 0 };
  io.out(
    `imported ${master.counts.goods} HSN and ${master.counts.services} SAC codes from ${input} into ${out} ` +
      `(${s.rows} rows: ${s.repaired} codes repaired, ${s.duplicates} duplicates, ${s.skipped} skipped; ${written.value.bytes} bytes)\n`,
  );
  return 0;
}
