/**
 * What the memory store keeps of each IRN the sandbox registers: heap retained per generateirn (collected
 * before and after N registrations through the node binding's light entry), beside the floor, the
 * characters of the two signed tokens any IRP must keep to answer GetIRN; and the size of one stored record
 * as JSON (what a SQL row holds), beside the same record with the invoice kept in it as well.
 * Run: node --expose-gc --import tsx test/bench/irn-retained.ts [registrations=5000]
 * (GSTKIT_BENCH_FROM=dist after `npm run build`: the built package)
 */
import { readFileSync } from 'node:fs';
import { fromGstkit, benchFrom } from './bench-from.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc --import tsx');

const { createGstHandler } = await fromGstkit<typeof import('../../src/http/index.js')>('http/index.js');
const { LightRequest, lightEntryOf } = await fromGstkit<typeof import('../../src/http/light-request.js')>('http/light-request.js');
const { basicAuth, createSandbox, manualClock, parseIst } = await fromGstkit<typeof import('../../src/sandbox/index.js')>('sandbox/index.js');
const { knownJson } = await fromGstkit<typeof import('../../src/http/json-body.js')>('http/json-body.js');
const { invoiceInSignedInvoice } = await fromGstkit<typeof import('../../src/compute/signed-invoice.js')>('compute/signed-invoice.js');

const registrations = Number(process.argv[2] ?? 5000);
const invoice = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8')) as Record<string, any>;
delete invoice['EwbDtls'];
const sandbox = createSandbox({ companies: { bench: ['29AAGCK4821M1Z4'] }, clock: manualClock(parseIst('10/11/2026 12:00:00')!) });
const handler = createGstHandler({
  ...sandbox.providers,
  authenticate: basicAuth([{ keyId: 'bench', keySecret: 'secret', companyId: 'bench' }], new Map([['bench', ['29AAGCK4821M1Z4']]])),
});
const light = lightEntryOf(handler)!;
const auth = 'Basic ' + Buffer.from('bench:secret').toString('base64');
const url = new URL('http://127.0.0.1:8080/api/svc/einvoice/generateirn');
let n = 0;
let lastIrn = '';

async function register(): Promise<void> {
  invoice['DocDtls']['No'] = `RT/${(n++).toString(36).toUpperCase()}`;
  const bytes = Buffer.from(JSON.stringify(invoice));
  const headers = { host: '127.0.0.1:8080', authorization: auth, 'content-type': 'application/json', 'content-length': String(bytes.length) };
  const res = await light(new LightRequest(url, 'POST', headers, true), { remoteAddress: '127.0.0.1', bodyBytes: bytes });
  if (res.status !== 200) throw new Error(`generateirn answered ${res.status}`);
  // The reply's value as the binding writes it (a reply of the light path has no body stream).
  const known = knownJson(res);
  if (!known) throw new Error('the reply carries no JSON value');
  lastIrn = (known.value as { Irn: string }).Irn;
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
console.log(`heap kept a registration: ${((after - before) / registrations / 1000).toFixed(1)} KB (floor: the two signed tokens, ${(tokens / 1000).toFixed(1)} KB of text)`);
console.log(`one stored record as JSON: ${(stored / 1000).toFixed(1)} KB; with the invoice kept in it too: ${(withInvoice / 1000).toFixed(1)} KB`);
