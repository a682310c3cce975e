/**
 * A GSTR-2A counted at its pull is written as it is read, one document at a time, as a GSTR-2B is: the
 * workbook is byte for byte the one written from months read whole (Full and Smart, sandbox months and
 * generated ones), and a counted month that turns out not to read keeps the rows written before the fault
 * and says where reading stopped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countReturnDocuments } from '../../src/gstr/count-documents.js';
import type { ReturnStore } from '../../src/gstr/index.js';
import { openGstr2a, readGstr2a } from '../../src/gstr/read-2a.js';
import { createSandboxGstPortal } from '../../src/sandbox/gst-portal/index.js';
import { createMemoryStore } from '../../src/store/memory.js';
import { storeReturns } from '../../src/store/returns.js';
import { GSTIN_A, GSTIN_B, readWorkbook } from './helpers.js';
import { exportNow, exportedWorkbook, expectStreamedExportAsWhole, uncounted } from './export-support.js';

const PERIODS = ['2024-08', '2024-09', '2024-10'];
const now = exportNow;

const exported = (store: ReturnStore, reportType: 100 | 101, periods = PERIODS) => exportedWorkbook(store, 'gstr2a', reportType, periods);

async function fetched2a(documentsPerPeriod: number, period: string): Promise<Record<string, unknown>> {
  const portal = createSandboxGstPortal({ connectedGstins: [GSTIN_A], syntheticDocumentsPerPeriod: documentsPerPeriod, seed: 'stream-2a' });
  const got = await portal.fetchReturn(GSTIN_A, 'gstr2a', period);
  if (!got.ok) throw new Error('no return');
  return got.value as Record<string, unknown>;
}

// Generated GSTR-2A months: every section the reader knows, amendments that point at documents of the
// month (so a Smart report has originals to replace), and amounts with paise.
const SUPPLIERS = [GSTIN_B, '29AADCN7314Q1ZU', '33AAACT2727Q1ZW'];
const paise = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 100);
const date = fc.integer({ min: 1, max: 28 }).map((d) => `${String(d).padStart(2, '0')}-08-2024`);
const items = fc.array(fc.record({ rt: fc.constantFrom(0, 5, 12, 18, 28), txval: paise, iamt: paise, camt: paise, samt: paise, csamt: paise }), {
  minLength: 0,
  maxLength: 3,
});
const number = fc.integer({ min: 1, max: 40 }).map((n) => `INV/${n}`);
const invoice = fc
  .record({ inum: number, idt: date, val: paise, pos: fc.constantFrom('27', '29'), rchrg: fc.constantFrom('Y', 'N'), inv_typ: fc.constant('R'), itms: items })
  .map((d) => ({
    ...d,
    itms: d.itms.map((det, i) => ({ num: i + 1, itm_det: det })),
  }));
const supplierOf = <T>(docKey: string, doc: fc.Arbitrary<T>) =>
  fc.array(fc.record({ ctin: fc.constantFrom(...SUPPLIERS), cfs: fc.constantFrom('Y', 'N'), [docKey]: fc.array(doc, { minLength: 1, maxLength: 4 }) }), {
    maxLength: 3,
  });
const month2a = fc
  .record({
    b2b: supplierOf('inv', invoice),
    b2ba: supplierOf(
      'inv',
      fc.tuple(invoice, number).map(([d, oinum]) => ({ ...d, oinum, oidt: '01-07-2024', atyp: 'R' })),
    ),
    cdn: supplierOf('nt', fc.record({ ntty: fc.constantFrom('C', 'D'), nt_num: number, nt_dt: date, val: paise, txval: paise, iamt: paise })),
    cdna: supplierOf(
      'nt',
      fc.record({
        ntty: fc.constant('C'),
        nt_num: number,
        nt_dt: date,
        ont_num: number,
        ont_dt: fc.constant('02-07-2024'),
        val: paise,
        txval: paise,
        camt: paise,
        samt: paise,
      }),
    ),
    isd: supplierOf('doclist', fc.record({ isd_docty: fc.constantFrom('ISD', 'ISDCN'), docnum: number, docdt: date, iamt: paise, itc_elg: fc.constant('Y') })),
    impg: fc.array(fc.record({ benum: number, bedt: date, portcd: fc.constant('INNSA1'), txval: paise, iamt: paise, csamt: paise }), { maxLength: 3 }),
    impgsez: fc.array(fc.record({ sgstin: fc.constantFrom(...SUPPLIERS), benum: number, bedt: date, txval: paise, iamt: paise }), { maxLength: 2 }),
    tds: fc.array(fc.record({ gstin_ded: fc.constantFrom(...SUPPLIERS), month: fc.constant('Aug-24'), amt_ded: paise, iamt: paise }), { maxLength: 2 }),
    tcs: fc.array(fc.record({ etin: fc.constantFrom(...SUPPLIERS), month: fc.constant('Aug-24'), amt: paise, camt: paise, samt: paise }), { maxLength: 2 }),
  })
  .map((sections) => ({ gstin: GSTIN_A, fp: '082024', ...sections }));

describe('exporting GSTR-2A months as they are read', () => {
  it('writes the same workbook, Full and Smart, as from months read whole', () => expectStreamedExportAsWhole('gstr2a', 'stream-2a', PERIODS));

  it('writes the same workbook from generated months of every section, streamed or read whole', async () => {
    await fc.assert(
      fc.asyncProperty(month2a, fc.constantFrom(100 as const, 101 as const), async (data, reportType) => {
        expect(readGstr2a(data, { gstin: GSTIN_A, period: '2024-08' }).ok).toBe(true);
        const returns = storeReturns(createMemoryStore(), 'acme');
        const documents = countReturnDocuments('gstr2a', data);
        await returns.put({ gstin: GSTIN_A, returnType: 'gstr2a', period: '2024-08', pulledAt: now().toISOString(), data, documents });
        const streamed = await exported(returns, reportType, ['2024-08']);
        const whole = await exported(uncounted(returns), reportType, ['2024-08']);
        expect(streamed.rows).toBe(whole.rows);
        expect(Buffer.from(streamed.bytes).equals(Buffer.from(whole.bytes))).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('hands out the first document before reading later sections, and the same documents as a whole read', async () => {
    const data = await fetched2a(300, '2024-09');
    const whole = readGstr2a(data, { gstin: GSTIN_A, period: '2024-09' });
    if (!whole.ok) throw new Error(JSON.stringify(whole.errors));
    // A later section that records when it is looked at: a walk that has handed out one document has not.
    let impgRead = false;
    const impg = data['impg'];
    expect(Array.isArray(impg) && impg.length > 0).toBe(true);
    const watched = { ...data };
    delete watched['impg'];
    Object.defineProperty(watched, 'impg', { enumerable: true, get: () => ((impgRead = true), impg) });

    const opened = openGstr2a(watched, { gstin: GSTIN_A, period: '2024-09' });
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    expect(opened.value.headerErrors).toEqual([]);
    const walk = opened.value.documents[Symbol.iterator]();
    expect(walk.next().value).toEqual(whole.value.documents[0]);
    expect(impgRead).toBe(false);
    const rest = [...{ [Symbol.iterator]: () => walk }];
    expect(impgRead).toBe(true);
    expect(rest).toEqual(whole.value.documents.slice(1));
    const end = opened.value.end();
    expect(end.ok && { ...end.value, documents: whole.value.documents }).toEqual(whole.value);
  });

  it('gives the header errors before the walk and every error after it, as a whole read does', async () => {
    const data = await fetched2a(50, '2024-09');
    const broken: Record<string, unknown> = { ...data, gstin: GSTIN_B };
    const b2b = structuredClone(data['b2b']) as Array<{ inv: Array<Record<string, unknown>> }>;
    delete b2b[0]!.inv[0]!['inum'];
    broken['b2b'] = b2b;
    const whole = readGstr2a(broken, { gstin: GSTIN_A, period: '2024-09' });
    expect(whole.ok).toBe(false);
    const opened = openGstr2a(broken, { gstin: GSTIN_A, period: '2024-09' });
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    expect(opened.value.headerErrors.length).toBeGreaterThan(0);
    expect(opened.value.headerErrors.every((e) => !e.path.startsWith('/b2b'))).toBe(true);
    const documents = [...opened.value.documents];
    const end = opened.value.end();
    expect(end.ok).toBe(false);
    if (!whole.ok && !end.ok) expect(end.errors).toEqual(whole.errors);
    expect(documents.length).toBe(countReturnDocuments('gstr2a', data));
  });

  it('keeps the rows written before a fault in a counted month and names the fault on the header sheet', async () => {
    const fetched = await fetched2a(200, '2024-08');
    // The last B2B supplier's first invoice loses its number, which a read refuses.
    const data = structuredClone(fetched) as { b2b: Array<{ inv: Array<Record<string, unknown>> }> };
    const suppliers = data.b2b;
    delete suppliers.at(-1)!.inv[0]!['inum'];
    expect(readGstr2a(data).ok).toBe(false);
    const before = suppliers.slice(0, -1).reduce((n, s) => n + s.inv.length, 0);
    expect(before).toBeGreaterThan(0);
    const returns = storeReturns(createMemoryStore(), 'acme');
    await returns.put({ gstin: GSTIN_A, returnType: 'gstr2a', period: '2024-08', pulledAt: now().toISOString(), data, documents: 200 });

    const streamed = await readWorkbook((await exported(returns, 100, ['2024-08'])).bytes);
    const header = streamed.find((s) => s.name === 'Header')!;
    const note = header.rows.flat().find((v) => typeof v === 'string' && v.startsWith('not readable'));
    expect(note).toMatch(/^not readable after \d+ documents: .*inum/);
    expect(Number(/after (\d+)/.exec(note as string)![1])).toBeGreaterThanOrEqual(before);
    expect(streamed.find((s) => s.name !== 'Header')!.rows.length - 1).toBeGreaterThanOrEqual(before);

    // Without a count it is read whole first, as before: no rows, and the fault named.
    const whole = await readWorkbook((await exported(uncounted(returns), 100, ['2024-08'])).bytes);
    expect(whole.flatMap((s) => s.rows.flat()).some((v) => typeof v === 'string' && v.startsWith('not readable: '))).toBe(true);
    expect(whole.find((s) => s.name !== 'Header')!.rows.length).toBe(1);
  });
});
