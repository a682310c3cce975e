/**
 * Reconciliation benchmark: N purchases against N GSTR-2B documents, with a mix that exercises every pass,
 * at each N given (default 10,000 and 100,000). Beside the global pairing (the default), in the same run:
 * the greedy pairing (first fit, the passes in order) and the floor, indexing the 2B side in one Map by
 * GSTIN + number and looking every purchase up once (what any matcher must do). Each pairing's total cost
 * is printed too: the global one is never higher.
 * Run: npx tsx test/bench/reconcile-bench.ts [N ...]   (1,000,000 needs node --max-old-space-size=6144)
 */
import os from 'node:os';
import { reconcile, type PurchaseRow } from '../../src/reconcile/index.js';
import type { InwardDocument } from '../../src/gstr/types.js';

const sizes = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [10_000, 100_000];
const SUPPLIERS = Array.from({ length: 2_000 }, (_, i) => `${String(10 + (i % 27)).padStart(2, '0')}AAAC${String(1000 + i).padStart(4, '0')}A1Z${i % 10}`);

function inputs(count: number): { purchases: PurchaseRow[]; docs: InwardDocument[] } {
  const purchases: PurchaseRow[] = [];
  const docs: InwardDocument[] = [];
  for (let i = 0; i < count; i++) {
    const gstin = SUPPLIERS[i % SUPPLIERS.length]!;
    const day = 1 + (i % 28);
    const taxable = 1000 + (i % 997) * 10;
    const igst = Math.round(taxable * 18) / 100;
    const kind = i % 20 === 7 ? 'CRN' : 'INV';
    const no = `INV/25-26/${String(i).padStart(6, '0')}`;
    const date = new Date(Date.UTC(2025, 10, day));
    purchases.push({ supplierGstin: gstin, docType: kind, docNo: no, docDate: date, taxable, igst, cgst: 0, sgst: 0, cess: 0 });
    const bucket = i % 100;
    // 70 exact, 10 number format, 8 within tolerance, 5 mismatched, 4 under another number, 3 missing in 2B.
    if (bucket >= 97) continue;
    const number = bucket < 70 ? no : bucket < 80 ? `inv-${i}` : bucket < 93 ? no : `PO${i}`;
    const t = bucket >= 80 && bucket < 88 ? taxable + 0.5 : bucket >= 88 && bucket < 93 ? taxable + 250 : taxable;
    docs.push({
      returnType: 'gstr2b',
      recipientGstin: '27AAPFU0939F1ZV',
      period: '2025-11',
      section: kind === 'CRN' ? 'CDNR' : 'B2B',
      part: 'statement',
      kind: kind === 'CRN' ? 'Credit Note' : 'Invoice',
      supplierGstin: gstin,
      number,
      date,
      rateBasis: 'document',
      lines: [{ taxable: t, igst, cgst: 0, sgst: 0, cess: 0 }],
      sign: kind === 'CRN' ? -1 : 1,
    });
  }
  // Contention, one supplier in 100: two purchases and two 2B documents under other numbers, where the
  // first purchase fits both documents and the second only the document nearer the first (first fit
  // pairs one of them; the least-cost pairing pairs both).
  for (let i = 50; i < count; i += 100) {
    const gstin = SUPPLIERS[i % SUPPLIERS.length]!;
    const date = new Date(Date.UTC(2025, 10, 1 + (i % 28)));
    const t = 5000 + (i % 97);
    const both = { supplierGstin: gstin, docType: 'INV' as const, docDate: date, igst: 0, cgst: 0, sgst: 0, cess: 0 };
    purchases.push({ ...both, docNo: `Q${i}A`, taxable: t }, { ...both, docNo: `Q${i}B`, taxable: t + 1.2 });
    for (const [suffix, taxable] of [
      ['A', t + 0.3],
      ['B', t - 0.9],
    ] as const) {
      docs.push({
        returnType: 'gstr2b',
        recipientGstin: '27AAPFU0939F1ZV',
        period: '2025-11',
        section: 'B2B',
        part: 'statement',
        kind: 'Invoice',
        supplierGstin: gstin,
        number: `R${i}${suffix}`,
        date,
        rateBasis: 'document',
        lines: [{ taxable, igst: 0, cgst: 0, sgst: 0, cess: 0 }],
        sign: 1,
      });
    }
  }
  // Documents only in 2B.
  for (let i = 0; i < count - docs.length; i++) {
    const date = new Date(Date.UTC(2025, 10, 1 + (i % 28)));
    docs.push({
      returnType: 'gstr2b',
      recipientGstin: '27AAPFU0939F1ZV',
      period: '2025-11',
      section: 'B2B',
      part: 'statement',
      kind: 'Invoice',
      supplierGstin: SUPPLIERS[i % SUPPLIERS.length]!,
      number: `X-${i}`,
      date,
      rateBasis: 'document',
      lines: [{ taxable: 77, igst: 13.86, cgst: 0, sgst: 0, cess: 0 }],
      sign: 1,
    });
  }
  return { purchases, docs };
}

function floor(purchases: PurchaseRow[], docs: InwardDocument[]): number {
  const index = new Map<string, InwardDocument>();
  for (const d of docs) index.set(`${d.supplierGstin}|${d.number}`, d);
  let hits = 0;
  for (const p of purchases) if (index.has(`${p.supplierGstin}|${p.docNo}`)) hits++;
  return hits;
}

/** Wall time and CPU time of this process (user + system), in ms: on a shared machine the second is the work. */
function time<T>(f: () => T): [T, number, number] {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const out = f();
  const c = process.cpuUsage(c0);
  return [out, performance.now() - t0, (c.user + c.system) / 1000];
}

const mb = (bytes: number): string => (bytes / 1048576).toFixed(0);

console.log(`reconcile: N purchases against N GSTR-2B documents (Node ${process.version})`);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`,
);
console.log(
  'N'.padStart(8),
  'floor ms'.padStart(9),
  'greedy ms'.padStart(10),
  'CPU'.padStart(7),
  'global ms'.padStart(10),
  'CPU'.padStart(7),
  'heap MB'.padStart(8),
  'max RSS MB'.padStart(11),
  'greedy cost'.padStart(13),
  'global cost'.padStart(13),
  '  global summary',
);
// One warm-up on a small input so the first size does not carry the JIT.
{
  const { purchases, docs } = inputs(4000);
  reconcile(purchases, docs, { pairing: 'greedy' });
  reconcile(purchases, docs);
}
for (const count of sizes) {
  let { purchases, docs } = inputs(count);
  const [, floorMs] = time(() => floor(purchases, docs));
  let [res, greedyMs, greedyCpu] = time(() => reconcile(purchases, docs, { pairing: 'greedy' }));
  const greedyCost = res.pairing!.cost;
  res = undefined as never;
  (globalThis as { gc?: () => void }).gc?.();
  const [out, ms, cpu] = time(() => reconcile(purchases, docs));
  const heap = process.memoryUsage().heapUsed;
  console.log(
    String(count).padStart(8),
    floorMs.toFixed(0).padStart(9),
    greedyMs.toFixed(0).padStart(10),
    greedyCpu.toFixed(0).padStart(7),
    ms.toFixed(0).padStart(10),
    cpu.toFixed(0).padStart(7),
    mb(heap).padStart(8),
    mb(process.resourceUsage().maxRSS * 1024).padStart(11),
    greedyCost.toFixed(0).padStart(13),
    out.pairing!.cost.toFixed(0).padStart(13),
    ' ',
    JSON.stringify({ ...out.summary, late: out.late, largestBlock: out.pairing!.largestComponent, fallback: out.pairing!.fallbackComponents }),
  );
  purchases = docs = undefined as never;
}
