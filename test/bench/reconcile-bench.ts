/**
 * Reconciliation benchmark: N purchases against N GSTR-2B documents (default 100,000 each), with a mix
 * that exercises every pass, at N/4, N/2 and N to show the growth. Beside it, the floor: indexing the
 * 2B side in one Map by GSTIN + number and looking every purchase up once (what any matcher must do).
 * Run: npx tsx test/bench/reconcile-bench.ts [N]
 */
import os from 'node:os';
import { reconcile, type PurchaseRow } from '../../src/reconcile/index.js';
import type { InwardDocument } from '../../src/gstr/types.js';

const n = Number(process.argv[2] ?? 100_000);
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

console.log(`reconcile: N purchases against N GSTR-2B documents (Node ${process.version})`);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs`,
);
console.log('N'.padStart(8), 'floor ms'.padStart(10), 'reconcile ms'.padStart(14), 'CPU ms'.padStart(8), 'per row µs'.padStart(11), '  summary');
for (const count of [Math.floor(n / 4), Math.floor(n / 2), n]) {
  const { purchases, docs } = inputs(count);
  // One warm-up on a small slice so the first size does not carry the JIT.
  reconcile(purchases.slice(0, 2000), docs.slice(0, 2000));
  const [, floorMs] = time(() => floor(purchases, docs));
  const [res, ms, cpu] = time(() => reconcile(purchases, docs));
  console.log(
    String(count).padStart(8),
    floorMs.toFixed(0).padStart(10),
    ms.toFixed(0).padStart(14),
    cpu.toFixed(0).padStart(8),
    ((ms * 1000) / count).toFixed(2).padStart(11),
    ' ',
    JSON.stringify(res.summary),
  );
}
