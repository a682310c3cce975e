/**
 * The live heap an export holds while it writes a month: a GSTR-2A or GSTR-2B month counted at its pull
 * (written as it is read, one document at a time) beside the same month stored without a count (read
 * whole first, as every month was before), in one process, alternating. The export runs in this thread
 * with a memory store; its sink forces a garbage collection at each chunk written and notes the heap
 * then, so the figure is what the export keeps alive, not garbage not yet collected. The month's stored
 * form (the parsed JSON) is alive throughout in both and is printed as the baseline.
 *
 *   node --expose-gc --import tsx test/bench/export-live-heap.ts [documents] [gstr2a|gstr2b] [rounds]
 */
import { getHeapStatistics } from 'node:v8';
import { exportReturnsTo, type ReturnStore } from '../../src/gstr/index.js';
import type { ByteSink } from '../../src/render/excel/zip.js';
import { createSandboxGstPortal } from '../../src/sandbox/gst-portal/index.js';
import { createMemoryStore } from '../../src/store/memory.js';
import { storeReturns } from '../../src/store/returns.js';
import { countReturnDocuments } from '../../src/gstr/count-documents.js';

const documents = Number(process.argv[2] ?? 42_000);
const returnType = process.argv[3] === 'gstr2b' ? 'gstr2b' : 'gstr2a';
const rounds = Number(process.argv[4] ?? 3);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const gstin = '29AADCN7314Q1ZU';
const period = '2024-09';
// One clock for both exports, so their workbooks can be compared byte for byte.
const now = () => new Date('2025-02-01T10:00:00Z');
const mb = (v: number): string => (v / 1e6).toFixed(1);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const portal = createSandboxGstPortal({ connectedGstins: [gstin], syntheticDocumentsPerPeriod: documents, seed: 'live-heap' });
const fetched = await portal.fetchReturn(gstin, returnType, period);
if (!fetched.ok) throw new Error(JSON.stringify(fetched.errors));
const store = storeReturns(createMemoryStore(), 'bench');
const count = countReturnDocuments(returnType, fetched.value);
await store.put({ gstin, returnType, period, pulledAt: new Date().toISOString(), data: fetched.value, documents: count });

/** The same return, as a store that kept no count: the export reads it whole first. */
const drop = <T extends { documents?: number }>(v: T | undefined): T | undefined => {
  if (!v) return v;
  const { documents: _, ...rest } = v;
  return rest as T;
};
const uncounted: ReturnStore = { ...store, info: async (...a) => drop(await store.info!(...a)), get: async (...a) => drop(await store.get(...a)) };

gc();
const baseline = getHeapStatistics().used_heap_size;

/** Exports the month, noting the live heap (after a full collection) at every chunk the sink takes. */
async function liveHeapAtMost(from: ReturnStore): Promise<{ peak: number; rows: number; bytes: number }> {
  let peak = 0;
  let bytes = 0;
  const sink: ByteSink = {
    async write(chunk) {
      bytes += chunk.byteLength;
      gc!();
      peak = Math.max(peak, getHeapStatistics().used_heap_size);
    },
    async close() {},
  };
  const out = await exportReturnsTo(
    { portal: { isConnected: async () => false, fetchReturn: async () => ({ ok: false as const, errors: [] }) }, store: from, now },
    { returnType, gstins: [gstin], startPeriod: period, endPeriod: period, reportType: 100 },
    async () => sink,
  );
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  return { peak, rows: out.value.rows, bytes };
}

const streamed: number[] = [];
const whole: number[] = [];
for (let r = 0; r < rounds; r++) {
  const s = await liveHeapAtMost(store);
  const w = await liveHeapAtMost(uncounted);
  if (s.rows !== w.rows || s.bytes !== w.bytes) throw new Error(`the two exports differ: ${s.rows}/${w.rows} rows, ${s.bytes}/${w.bytes} bytes`);
  streamed.push(s.peak - baseline);
  whole.push(w.peak - baseline);
  console.log(
    `round ${r + 1}: ${s.rows} rows; live heap above the stored month at most: written as read ${mb(s.peak - baseline)} MB, read whole first ${mb(w.peak - baseline)} MB`,
  );
}
console.log(
  `${count} ${returnType === 'gstr2a' ? 'GSTR-2A' : 'GSTR-2B'} documents, one month; stored month ${mb(baseline)} MB of heap; median over ${rounds} rounds of the live heap above it at most: written as read ${mb(median(streamed))} MB, read whole first ${mb(median(whole))} MB`,
);
