/**
 * What the memory store keeps of each IRN the sandbox registers: heap retained per generateirn (collected
 * before and after N registrations through the node binding's light entry), beside the floor, the
 * characters of the two signed tokens any IRP must keep to answer GetIRN; and the size of one stored record
 * as JSON (what a SQL row holds), beside the same record with the invoice kept in it as well.
 * Run: node --expose-gc --import tsx test/bench/irn-retained.ts [registrations=5000]
 * (GSTKIT_BENCH_FROM=dist after `npm run build`: the built package)
 */
import { fromGstkit, benchFrom } from './bench-from.js';
import { lightGenerateIrn } from './light-generateirn.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx');

const { invoiceInSignedInvoice } = await fromGstkit<typeof import('../../src/compute/signed-invoice.js')>('compute/signed-invoice.js');

const registrations = Number(process.argv[2] ?? 5000);
const { sandbox, register: registerNext } = await lightGenerateIrn('RT');
let lastIrn = '';

async function register(): Promise<void> {
  lastIrn = ((await registerNext()).value as { Irn: string }).Irn;
}

// Warm-up: modules, caches and the store's first maps are not what each IRN costs.
for (let i = 0; i < 500; i++) await register();
gc();
const before = process.memoryUsage().heapUsed;
for (let i = 0; i < registrations; i++) await register();
gc();
const after = process.memoryUsage().heapUsed;

const row = await sandbox.store.getIrn('bench', lastIrn);
if (!row) throw new Error('the last IRN is not in the store');
const tokens = String(row.record['SignedInvoice']).length + String(row.record['SignedQRCode']).length;
const stored = JSON.stringify(row.record).length;
const withInvoice = JSON.stringify({ ...row.record, invoice: invoiceInSignedInvoice(row.record['SignedInvoice']) }).length;
console.log(`node ${process.version}, gstkit from ${benchFrom}, ${registrations} registrations of the 3-line example (no EwbDtls)`);
console.log(
  `heap kept a registration: ${((after - before) / registrations / 1000).toFixed(1)} KB (floor: the two signed tokens, ${(tokens / 1000).toFixed(1)} KB of text)`,
);
console.log(`one stored record as JSON: ${(stored / 1000).toFixed(1)} KB; with the invoice kept in it too: ${(withInvoice / 1000).toFixed(1)} KB`);
