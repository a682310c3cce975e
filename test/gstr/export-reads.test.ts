/**
 * An export over a store that keeps returns in pieces reads each stored return once, piece by piece: the
 * progress total comes from the documents counted at the pull, not from a second read; and a return pulled
 * again while the export runs is written as the new pull, never as a mix of the two.
 */
import { describe, expect, it } from 'vitest';
import { exportReturnsTo, pullReturn, type ReturnStore } from '../../src/gstr/index.js';
import { createSandboxGstPortal } from '../../src/sandbox/gst-portal/index.js';
import { createMemoryStore } from '../../src/store/memory.js';
import { storeReturns } from '../../src/store/returns.js';
import { GSTIN_A, readWorkbook } from './helpers.js';
import { bytesSink } from './export-support.js';

const PERIODS = ['2024-08', '2024-09', '2024-10'];
const now = () => new Date('2025-02-01T10:00:00Z');

/** The store's returns, with every read counted. */
function counted(store: ReturnStore) {
  const reads = { get: 0, getJson: 0, info: 0, pieces: new Map<string, number>() };
  const wrapped: ReturnStore = {
    ...store,
    get: (...a) => (reads.get++, store.get(...a)),
    getJson: (...a) => (reads.getJson++, store.getJson!(...a)),
    info: (...a) => (reads.info++, store.info!(...a)),
    piece: (version, seq) => {
      const key = `${version}/${seq}`;
      reads.pieces.set(key, (reads.pieces.get(key) ?? 0) + 1);
      return store.piece!(version, seq);
    },
  };
  return { wrapped, reads };
}

async function pulled(documentsPerPeriod: number) {
  const portal = createSandboxGstPortal({ connectedGstins: [GSTIN_A], syntheticDocumentsPerPeriod: documentsPerPeriod, seed: 'reads' });
  const returns = storeReturns(createMemoryStore(), 'acme');
  for (const period of PERIODS) expect((await pullReturn({ portal, store: returns, now }, { gstin: GSTIN_A, returnType: 'gstr2b', period })).ok).toBe(true);
  return { portal, returns };
}

describe('exporting returns kept in pieces', () => {
  it('reads every piece of every return once, and takes the progress total from the pulls', async () => {
    const { returns } = await pulled(400);
    const { wrapped, reads } = counted(returns);
    const progress: Array<{ done: number; total: number }> = [];
    const sink = bytesSink();
    const out = await exportReturnsTo(
      { portal: { isConnected: async () => false, fetchReturn: async () => ({ ok: false, errors: [] }) }, store: wrapped, now },
      { returnType: 'gstr2b', gstins: [GSTIN_A], startPeriod: PERIODS[0]!, endPeriod: PERIODS[2]!, reportType: 100 },
      async () => sink,
      (_, counts) => counts && progress.push(counts),
    );
    expect(out.ok).toBe(true);
    expect(reads.get).toBe(0);
    expect(reads.getJson).toBe(0);
    expect(reads.pieces.size).toBeGreaterThanOrEqual(PERIODS.length);
    expect([...reads.pieces.values()].every((n) => n === 1)).toBe(true);
    // The total is known from the first report on, and is the documents the pulls counted.
    const infos = await Promise.all(PERIODS.map((p) => returns.info!(GSTIN_A, 'gstr2b', p)));
    const total = infos.reduce((n, i) => n + (i?.documents ?? 0), 0);
    expect(total).toBeGreaterThan(1000);
    expect(progress[0]!.total).toBe(total);
    expect(progress.at(-1)).toEqual({ done: total, total });
    const data = (await readWorkbook(sink.bytes())).find((s) => s.name !== 'Header')!;
    expect(data.rows.length - 1).toBe(out.ok ? out.value.rows : -1);
  });

  it('writes the newer pull when a return is pulled again during the export', async () => {
    const { portal, returns } = await pulled(50);
    const later = () => new Date('2025-03-01T10:00:00Z');
    let pulledAgain = false;
    // The period is pulled again after the export has found it, as it starts reading it.
    const racing: ReturnStore = {
      ...returns,
      async piece(version, seq) {
        if (!pulledAgain) {
          pulledAgain = true;
          await pullReturn({ portal, store: returns, now: later }, { gstin: GSTIN_A, returnType: 'gstr2b', period: PERIODS[0]! });
        }
        return returns.piece!(version, seq);
      },
    };
    const sink = bytesSink();
    const out = await exportReturnsTo(
      { portal, store: racing, now },
      { returnType: 'gstr2b', gstins: [GSTIN_A], startPeriod: PERIODS[0]!, endPeriod: PERIODS[0]!, reportType: 100 },
      async () => sink,
    );
    expect(out.ok).toBe(true);
    const header = (await readWorkbook(sink.bytes())).find((s) => s.name === 'Header')!;
    const line = header.rows.find((r) => r?.[0] === GSTIN_A && r?.[1] === PERIODS[0]);
    expect(line?.[2]).toBe('pulled');
    // The pulled-at shown is the new pull's (01-03-2025 in IST), not the one found first.
    expect(JSON.stringify(line?.[3])).toContain('2025-03-01');
  });
});
