/**
 * A GSTR-2B counted at its pull is written as it is read, one document at a time, so an export never
 * holds a month of documents: the workbook is byte for byte the one written from months read whole, and
 * a counted month that turns out not to read keeps the rows written before the fault and says where
 * reading stopped.
 */
import { describe, expect, it } from 'vitest';
import type { ReturnStore } from '../../src/gstr/index.js';
import { openGstr2b, readGstr2b } from '../../src/gstr/read-2b.js';
import { createSandboxGstPortal } from '../../src/sandbox/gst-portal/index.js';
import { createMemoryStore } from '../../src/store/memory.js';
import { storeReturns } from '../../src/store/returns.js';
import { GSTIN_A, readWorkbook } from './helpers.js';
import { exportNow, exportedWorkbook, expectStreamedExportAsWhole, uncounted } from './export-support.js';

// Both sides of the first IMS-era month (2024-10).
const PERIODS = ['2024-08', '2024-09', '2024-10', '2024-11'];
const now = exportNow;

const exported = (store: ReturnStore, reportType: 100 | 101, periods = PERIODS) => exportedWorkbook(store, 'gstr2b', reportType, periods);

describe('exporting GSTR-2B months as they are read', () => {
  it('writes the same workbook, Full and Smart, as from months read whole', () => expectStreamedExportAsWhole('gstr2b', 'stream', PERIODS));

  it('hands out the first document before reading the rest, and the same documents and summary as a whole read', async () => {
    const portal = createSandboxGstPortal({ connectedGstins: [GSTIN_A], syntheticDocumentsPerPeriod: 300, seed: 'stream' });
    const fetched = await portal.fetchReturn(GSTIN_A, 'gstr2b', '2024-11');
    if (!fetched.ok) throw new Error('no return');
    const whole = readGstr2b(fetched.value, { gstin: GSTIN_A, period: '2024-11' });
    if (!whole.ok) throw new Error(JSON.stringify(whole.errors));
    const opened = openGstr2b(fetched.value, { gstin: GSTIN_A, period: '2024-11' });
    if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
    expect(opened.value.headerErrors).toEqual([]);
    const walk = opened.value.documents[Symbol.iterator]();
    expect(walk.next().value).toEqual(whole.value.documents[0]);
    const rest = [...{ [Symbol.iterator]: () => walk }];
    expect(rest).toEqual(whole.value.documents.slice(1));
    const end = opened.value.end();
    expect(end.ok && { ...end.value, documents: whole.value.documents }).toEqual(whole.value);
  });

  it('keeps the rows written before a fault in a counted month and names the fault on the header sheet', async () => {
    const portal = createSandboxGstPortal({ connectedGstins: [GSTIN_A], syntheticDocumentsPerPeriod: 200, seed: 'stream' });
    const fetched = await portal.fetchReturn(GSTIN_A, 'gstr2b', '2024-08');
    if (!fetched.ok) throw new Error('no return');
    // The last supplier's first invoice loses its number, which a read refuses.
    const data = structuredClone(fetched.value) as { data: { docdata: { b2b: Array<{ inv: Array<Record<string, unknown>> }> } } };
    const suppliers = data.data.docdata.b2b;
    delete suppliers.at(-1)!.inv[0]!['inum'];
    expect(readGstr2b(data).ok).toBe(false);
    const before = suppliers.slice(0, -1).reduce((n, s) => n + s.inv.length, 0);
    const returns = storeReturns(createMemoryStore(), 'acme');
    await returns.put({ gstin: GSTIN_A, returnType: 'gstr2b', period: '2024-08', pulledAt: now().toISOString(), data, documents: 200 });

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
