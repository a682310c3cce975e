import ExcelJS from 'exceljs';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createHsnMaster,
  hasHsnMaster,
  hsn,
  hsnChapter,
  hsnExists,
  hsnLoadSummary,
  importHsnCommand,
  loadCompactHsn,
  loadHsnMasterFromXlsx,
  parseCompactHsn,
  useHsnMaster,
  writeCompactHsn,
  type HsnMaster,
} from '../../src/masters/index.js';
import { forcePortablePaths } from '../../src/platform/node-builtin.js';
import { HSN_XLSX } from './csv.js';

let dir: string;
const fixture = (name: string) => join(dir, name);

/** A small workbook in the official layout, with the quirks the official file has. */
async function writeFixture(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const goods = wb.addWorksheet('HSN_MSTR');
  goods.addRow(['HSN_CD', 'HSN_Description']);
  goods.addRow(['01', 'LIVE ANIMALS']);
  goods.addRow(['0101', 'LIVE HORSES, ASSES, MULES AND HINNIES.']);
  goods.addRow(['01012100', 'PURE-BRED BREEDING\nANIMALS']);
  goods.addRow([1012900, 'OTHER HORSES']); // a number: its leading zero is lost
  goods.addRow(['2307 00', 'WINE LEES; ARGOL']); // a space inside the code
  goods.addRow(['230700', 'WINE LEES AND ARGOL']); // the same code again
  goods.addRow(['84713010', 'PERSONAL COMPUTER']);
  goods.addRow([]);
  goods.addRow(['ABC', 'not a code']);
  goods.addRow(['123456789', 'too long']);
  const formula = goods.addRow(['52083110', null]);
  formula.getCell(2).value = { formula: '--- LUNGI', result: { error: '#NAME?' } } as unknown as ExcelJS.CellValue;
  const services = wb.addWorksheet('SAC_MSTR');
  services.addRow(['SAC_CD', 'SAC_Description']);
  services.addRow([99, 'All Services']);
  services.addRow([9983, 'Other professional, technical and business services']);
  services.addRow([998314, 'Information technology design and development services']);
  await wb.xlsx.writeFile(path);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gstkit-hsn-'));
  await writeFixture(fixture('HSN_SAC.xlsx'));
  const other = new ExcelJS.Workbook();
  other.addWorksheet('Sheet1').addRow(['hello']);
  await other.xlsx.writeFile(fixture('other.xlsx'));
  const goodsOnly = new ExcelJS.Workbook();
  const sheet = goodsOnly.addWorksheet('hsn_mstr');
  sheet.addRow(['0402', 'MILK, CONCENTRATED']);
  await goodsOnly.xlsx.writeFile(fixture('goods-only.xlsx'));
  writeFileSync(fixture('not.xlsx'), 'this is not a workbook');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => useHsnMaster(undefined));

async function loadFixture(): Promise<HsnMaster> {
  const r = await loadHsnMasterFromXlsx(fixture('HSN_SAC.xlsx'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

describe('loadHsnMasterFromXlsx on a synthetic file', () => {
  it('reads both sheets, repairing codes and skipping what cannot be a code', async () => {
    const m = await loadFixture();
    expect(m.counts).toEqual({ goods: 7, services: 3 });
    expect(m.source).toBe('HSN_SAC.xlsx');
    expect(m.codes.get('01012900')).toEqual({ code: '01012900', description: 'OTHER HORSES', kind: 'goods' });
    expect(m.codes.get('230700')?.description).toBe('WINE LEES; ARGOL');
    expect(m.codes.get('01012100')?.description).toBe('PURE-BRED BREEDING ANIMALS');
    expect(m.codes.get('52083110')?.description).toBe('--- LUNGI');
    expect(m.codes.get('9983')?.kind).toBe('service');
    expect(m.codes.get('998314')?.kind).toBe('service');
    expect(hsnLoadSummary(m)).toEqual({ rows: 13, repaired: 2, duplicates: 1, skipped: 2 });
    expect(m.notes.map((n) => n.code).sort()).toEqual(['HSN-010', 'HSN-010', 'HSN-011', 'HSN-011', 'HSN-012']);
    expect(m.notes.every((n) => n.severity === 'warning')).toBe(true);
  });
  it('reads a file with one sheet and no header row, saying what is missing', async () => {
    const r = await loadHsnMasterFromXlsx(fixture('goods-only.xlsx'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([...r.value.codes.keys()]).toEqual(['0402']);
    expect(r.value.notes.map((n) => n.code)).toEqual(['HSN-013']);
  });
  it('fails cleanly on a workbook without the sheets, a non-workbook and a missing file', async () => {
    const cases: Array<[string, string]> = [
      [fixture('other.xlsx'), 'HSN-002'],
      [fixture('not.xlsx'), 'HSN-001'],
      [fixture('missing.xlsx'), 'HSN-001'],
    ];
    for (const [path, code] of cases) {
      const r = await loadHsnMasterFromXlsx(path);
      expect(r.ok, path).toBe(false);
      if (!r.ok) expect(r.errors[0]?.code).toBe(code);
    }
  });
});

describe('compact form', () => {
  it.each(['hsn.txt', 'hsn.json'])('round-trips through %s', async (name) => {
    const m = await loadFixture();
    const w = writeCompactHsn(m, fixture(name));
    expect(w.ok).toBe(true);
    const back = loadCompactHsn(fixture(name));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect([...back.value.codes.values()]).toEqual([...m.codes.values()]);
    expect(back.value.counts).toEqual(m.counts);
    expect(back.value.source).toBe('HSN_SAC.xlsx');
  });
  it('writes one line per code', async () => {
    writeCompactHsn(await loadFixture(), fixture('lines.txt'));
    const lines = readFileSync(fixture('lines.txt'), 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('gstkit-hsn/1\tHSN_SAC.xlsx');
    expect(lines).toContain('998314\tS\tInformation technology design and development services');
    expect(lines).toHaveLength(11);
  });
  it('refuses files that are not in the compact form', () => {
    for (const text of [
      '',
      'hello',
      '{"format":"other"}',
      '{not json',
      'gstkit-hsn/1\n0101 G LIVE',
      'gstkit-hsn/1\nABCD\tG\tx',
      'gstkit-hsn/1\n0101\tX\tx',
      'gstkit-hsn/1\n',
    ]) {
      const r = parseCompactHsn(text);
      expect(r.ok, JSON.stringify(text)).toBe(false);
    }
    const missing = loadCompactHsn(fixture('nope.txt'));
    expect(missing.ok).toBe(false);
    expect(writeCompactHsn(createHsnMaster([]), join(dir, 'no-such-dir', 'x.txt')).ok).toBe(false);
  });
});

describe('lookups with and without a master', () => {
  it('without a master: chapter checks only', () => {
    expect(hasHsnMaster()).toBe(false);
    expect(hsn('84713010')).toBeUndefined();
    expect(hsnExists('84713010')).toBeUndefined();
    expect(hsnExists('998314')).toBeUndefined();
    expect(hsnExists('77010000')).toBe(false);
    expect(hsnExists('99500000')).toBe(false);
    expect(hsnExists('847')).toBe(false);
    expect(hsnExists('84')).toBe(false);
  });
  it('with a master: exact lookups of 4, 6 and 8 digit codes', async () => {
    useHsnMaster(await loadFixture());
    expect(hasHsnMaster()).toBe(true);
    expect(hsn('84713010')).toEqual({ code: '84713010', description: 'PERSONAL COMPUTER', kind: 'goods' });
    expect(hsn(' 998314 ')?.kind).toBe('service');
    expect(hsnExists('84713010')).toBe(true);
    expect(hsnExists('84713020')).toBe(false);
    expect(hsn('01')).toBeUndefined(); // chapters are not document codes
    expect(hsnExists('01')).toBe(false);
    useHsnMaster(undefined);
    expect(hasHsnMaster()).toBe(false);
  });
  it('a host can build its own master', () => {
    useHsnMaster(createHsnMaster([{ code: '1001', description: 'Wheat', kind: 'goods' }], 'host list'));
    expect(hsn('1001')?.description).toBe('Wheat');
    expect(hsnExists('1002')).toBe(false);
    expect(() => useHsnMaster({} as HsnMaster)).toThrow(TypeError);
  });
});

describe('gstkit masters import-hsn', () => {
  const run = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await importHsnCommand(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join(''), err: err.join('') };
  };
  it('writes the compact file and prints one summary line', async () => {
    const r = await run([fixture('HSN_SAC.xlsx'), '--out', fixture('cli.txt')]);
    expect(r.code).toBe(0);
    expect(r.out.trimEnd().split('\n')).toHaveLength(1);
    expect(r.out).toMatch(/^imported 7 HSN and 3 SAC codes from .* \(13 rows: 2 codes repaired, 1 duplicates, 2 skipped; \d+ bytes\)\n$/);
    expect(loadCompactHsn(fixture('cli.txt')).ok).toBe(true);
    expect((await run([`--out=${fixture('cli.json')}`, fixture('HSN_SAC.xlsx')])).code).toBe(0);
    expect(JSON.parse(readFileSync(fixture('cli.json'), 'utf8')).format).toBe('gstkit-hsn/1');
  });
  it('returns 2 on misuse and 1 when the file cannot be read', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run([fixture('HSN_SAC.xlsx')])).code).toBe(2);
    expect((await run([fixture('HSN_SAC.xlsx'), '--out'])).code).toBe(2);
    expect((await run([fixture('HSN_SAC.xlsx'), '--bogus', 'x'])).code).toBe(2);
    expect((await run(['a.xlsx', 'b.xlsx', '--out', 'x'])).code).toBe(2);
    expect((await run(['--help'])).code).toBe(0);
    const bad = await run([fixture('not.xlsx'), '--out', fixture('x.txt')]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^HSN-001 /);
    expect(existsSync(fixture('x.txt'))).toBe(false);
  });
});

describe.skipIf(!existsSync(HSN_XLSX))('the official HSN_SAC.xlsx', () => {
  let master: HsnMaster;
  beforeAll(async () => {
    const r = await loadHsnMasterFromXlsx(HSN_XLSX);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    master = r.value;
  });
  it('every row loads: each is a code in the master or a repeat of one, none is skipped', () => {
    const s = hsnLoadSummary(master)!;
    expect(s.skipped).toBe(0);
    expect(master.codes.size + s.duplicates).toBe(s.rows);
    expect(master.counts.goods).toBeGreaterThan(20_000);
    expect(master.counts.services).toBeGreaterThan(600);
  });
  it('has personal computers under 84713010 and IT design services under SAC 998314', () => {
    useHsnMaster(master);
    expect(hsn('84713010')?.description).toMatch(/personal computer/i);
    expect(hsn('84713010')?.kind).toBe('goods');
    expect(hsn('998314')).toMatchObject({ kind: 'service' });
    expect(hsn('998314')?.description).toMatch(/information technology/i);
    expect(hsnExists('84713010')).toBe(true);
  });
  it('agrees with the built-in chapters: every code has a known chapter, every chapter is used', () => {
    const used = new Set<string>();
    const unknown: string[] = [];
    for (const entry of master.codes.values()) {
      if (entry.code.length < 4) continue;
      const ch = hsnChapter(entry.code);
      if (ch === undefined || ch.kind !== entry.kind) unknown.push(entry.code);
      else used.add(ch.chapter);
    }
    expect(unknown).toEqual([]);
    for (const c of ['01', '84', '98', '9954', '9961', '9999']) expect(used.has(c), c).toBe(true);
  });
  it('round-trips through the compact form', () => {
    const path = fixture('official.txt');
    expect(writeCompactHsn(master, path).ok).toBe(true);
    const back = loadCompactHsn(path);
    expect(back.ok && back.value.codes.size).toBe(master.codes.size);
  });
});

describe('compact form where the runtime has no file system', () => {
  afterEach(() => forcePortablePaths(false));

  it('answers HSN-020 and HSN-001 for a path, and still parses the text it is given', async () => {
    const m = await loadFixture();
    writeCompactHsn(m, fixture('portable.txt'));
    const text = readFileSync(fixture('portable.txt'), 'utf8');
    forcePortablePaths(true);
    const written = writeCompactHsn(m, fixture('not-written.txt'));
    expect(!written.ok && written.errors[0]?.code).toBe('HSN-020');
    expect(!written.ok && written.errors[0]?.message).toMatch(/no file system/);
    expect(existsSync(fixture('not-written.txt'))).toBe(false);
    const loaded = loadCompactHsn(fixture('portable.txt'));
    expect(!loaded.ok && loaded.errors[0]?.code).toBe('HSN-001');
    const parsed = parseCompactHsn(text, 'portable.txt');
    expect(parsed.ok && [...parsed.value.codes.values()]).toEqual([...m.codes.values()]);
  });
});
