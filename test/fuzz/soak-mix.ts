/**
 * The valid half of the soak's mix (test/fuzz/soak.ts): requests with their weights, a new document each
 * where one is registered, and an e-waybill day that grows as the run goes on, as a working day does.
 */
import { exampleOf, type Sample } from './generators.js';
import { freshInvoice } from './health.js';
import type { FuzzServer } from './server.js';

/** The e-waybill of the mix: the bundled one, from a GSTIN of the demo company to another, carried by a third. */
export const GENERATOR = '33AAHCT2290K1Z6';
export const CONSIGNEE = '33AAJFN2954R1ZN';
export const TRANSPORTER = '29AAJCB9052D1ZK';
const runTag = (Date.now() % 36 ** 4).toString(36);
export function freshEwb(n: number): unknown {
  const ewb = exampleOf('ewb') as Record<string, unknown>;
  return {
    ...ewb,
    docNo: `SK${runTag}/${n.toString(36)}`.slice(0, 16),
    docDate: istToday(),
    transDocDate: istToday(),
    toGstin: CONSIGNEE,
    transporterId: TRANSPORTER,
  };
}
export function istToday(): string {
  const d = new Date(Date.now() + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** Valid requests with their weights (of 100), each a new document where one is registered. */
export function validRequests(target: FuzzServer): Array<[number, (n: number) => Sample]> {
  const h = { authorization: target.auth, 'content-type': 'application/json', 'svc-company': target.company };
  const post = (path: string, body: unknown, note: string): Sample => ({ method: 'POST', path, headers: h, body: Buffer.from(JSON.stringify(body)), note });
  const get = (path: string, note: string): Sample => ({ method: 'GET', path, headers: h, note });
  const E = '/api/svc/einvoice/';
  return [
    [31, (n) => post(E + 'generateirn', freshInvoice(n), 'valid generateirn')],
    [10, (n) => post(`${E}generateewaybill?gstin=${GENERATOR}`, freshEwb(n), 'valid generateewaybill')],
    [5, () => get('/openapi.json', 'openapi')],
    [15, () => get('/api/svc/gst/getgstin?gstin=29AAGCK4821M1Z4', 'gstin lookup')],
    [10, () => get(E + 'getgstin?gstin=29AAGCK4821M1Z4&partygstin=29AADCN7314Q1ZU', 'party gstin')],
    [10, () => post(E + 'generatepaymentqrcode', exampleOf('payment-qr'), 'valid payment QR')],
    [5, () => post('/api/deal', exampleOf('deal'), 'valid inquiry')],
    [5, () => post('/api/svc/gstr2b/pull', exampleOf('gstr-pull'), 'valid pull')],
    [5, () => get('/api/sandbox/certificate', 'certificate')],
    // The day lists, now and then, of the day the e-waybills accumulate on.
    [1, () => get(`${E}getewaybillsbydate?gstin=${GENERATOR}&date=${istToday()}`, 'day list by date')],
    [1, () => get(`${E}getewaybillsofotherparty?gstin=${CONSIGNEE}&date=${istToday()}`, 'day list of the other party')],
    [1, () => get(`${E}getewaybillsfortransporter?gstin=${TRANSPORTER}&date=${istToday()}`, 'day list of the transporter')],
    [1, () => get(`${E}getewaybillsrejectedbyothers?gstin=${GENERATOR}&date=${istToday()}`, 'day list of rejected')],
  ];
}

/** The valid request of slot `n`: the weighted table spread over every 100 slots. */
export function validPicker(table: Array<[number, (n: number) => Sample]>): (n: number) => Sample {
  const slots = table.flatMap(([weight, make]) => Array.from({ length: weight }, () => make));
  return (n) => slots[(n * 37) % slots.length]!(n);
}
