/**
 * What a day list of e-waybills costs per bill it lists, as the store grows: the four lists of a day
 * (getewaybillsbydate, getewaybillsofotherparty, getewaybillsfortransporter, getewaybillsrejectedbyothers)
 * through node:http on the sandbox with PGlite in its own thread (as `gstkit serve` runs it), against the
 * floor: the same PGlite thread reading the listed fields of as many rows from a bare indexed table, and
 * node:http writing them as JSON.
 *
 *   npx tsx test/bench/ewb-day-list.ts [store sizes=2000,10000,30000] [bills listed=1000]
 *
 * Today holds `listed` bills from one GSTIN to one recipient with one transporter (a tenth rejected by the
 * recipient); every other bill held is of an earlier day. Per listed bill = (median time of the list -
 * median time of the same list on a day with none) / bills it listed. Not a timed test: it prints.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGstHandler, toNodeListener } from '../../src/http/index.js';
import { createSandbox, createSigningIdentity, manualClock, parseIst } from '../../src/sandbox/index.js';
import { openPgliteStore } from '../../src/store/index.js';
import { openPgliteClient } from '../../src/store/pglite.js';
import { loadavg } from 'node:os';

const sizes = (process.argv[2] ?? '2000,10000,30000').split(',').map(Number);
const listed = Number(process.argv[3] ?? 1000);
const rounds = 15;
const G = '33AAHCT2290K1Z6';
const R = '33AAEFV6613B1ZL';
const T = '33AAFCP8841N1ZX';
const today = '14/11/2026';
const example = JSON.parse(readFileSync(new URL('../../docs/examples/ewb.json', import.meta.url), 'utf8')) as Record<string, unknown>;

const clock = manualClock(parseIst(`${today} 09:00:00`)!);
const store = await openPgliteStore(undefined, { thread: true });
const sandbox = createSandbox({ companies: { bench: [G, R, T] }, clock, identity: createSigningIdentity(), store });
const company = sandbox.companies.get('bench')!;
const handler = createGstHandler({ ...sandbox.providers, authenticate: () => ({ ok: true, company }) });
const server = createServer(toNodeListener(handler));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// The floor: listed fields only, in a table indexed by what a list asks, on the same kind of PGlite thread.
const floorDb = await openPgliteClient({ thread: true });
await floorDb.exec(
  'create table floor_ewb (gstin text not null, gen_date text not null, ewb_no text not null, listed jsonb not null, primary key (gstin, gen_date, ewb_no))',
);
const floorServer = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  void floorDb
    .query('select listed from floor_ewb where gstin = $1 and gen_date = $2 order by ewb_no', [url.searchParams.get('gstin'), url.searchParams.get('date')])
    .then((rows) => {
      const text = JSON.stringify({ Success: true, Response: rows.map((r) => r['listed']) });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    });
});
await new Promise<void>((r) => floorServer.listen(0, '127.0.0.1', r));
const floorBase = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}`;

let docs = 0;
let held = 0;
const issue = async (date: string): Promise<string> => {
  clock.set(parseIst(`${date} 10:00:00`)!);
  const partA = { ...example, docNo: `BN/${++docs}`, docDate: date };
  const out = await sandbox.ewb.issue({ company }, G, partA);
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
  held++;
  return out.value.ewbNo;
};

/** A listed entry as the lists show one (about the size of the by-date list's). */
const floorEntry = (n: number): string =>
  JSON.stringify({
    ewbNo: 300000000000 + n,
    ewbDate: `${today} 10:00:00`,
    status: 'ACT',
    genGstin: G,
    docNo: `BN/${n}`,
    docDate: today,
    delPinCode: 641004,
    delStateCode: 33,
    delPlace: 'Coimbatore',
    validUpto: '16/11/2026 23:59:00',
    extendedTimes: 0,
    rejectStatus: 'N',
  });
const floorFill = async (gstin: string, date: string, from: number, count: number): Promise<void> => {
  for (let i = 0; i < count; i += 500) {
    const n = Math.min(500, count - i);
    const params: unknown[] = [];
    const values = Array.from({ length: n }, (_, k) => {
      params.push(gstin, date, String(300000000000 + from + i + k), floorEntry(from + i + k));
      return `($${params.length - 3}, $${params.length - 2}, $${params.length - 1}, $${params.length}::jsonb)`;
    });
    await floorDb.query(`insert into floor_ewb (gstin, gen_date, ewb_no, listed) values ${values.join(', ')}`, params);
  }
};

// Today's bills, a tenth of them rejected by the recipient.
const todays: string[] = [];
for (let i = 0; i < listed; i++) todays.push(await issue(today));
clock.set(parseIst(`${today} 12:00:00`)!);
for (let i = 0; i < todays.length; i += 10) {
  const out = await sandbox.ewb.reject!({ company }, R, { ewbNo: Number(todays[i]) } as never);
  if (!out.ok) throw new Error(JSON.stringify(out.errors));
}
await floorFill(G, today, 0, listed);
let floorHeld = listed;

const lists = [
  { name: 'getewaybillsbydate', path: `getewaybillsbydate?gstin=${G}`, expect: listed },
  { name: 'getewaybillsofotherparty', path: `getewaybillsofotherparty?gstin=${R}`, expect: listed },
  { name: 'getewaybillsfortransporter', path: `getewaybillsfortransporter?gstin=${T}`, expect: listed },
  { name: 'getewaybillsrejectedbyothers', path: `getewaybillsrejectedbyothers?gstin=${G}`, expect: Math.ceil(listed / 10) },
];

const timed = async (url: string, expect: number): Promise<number> => {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: 'Basic eDp4' } });
  const body = (await res.json()) as { Response?: unknown[] };
  const ms = performance.now() - started;
  if (res.status !== 200 || body.Response?.length !== expect) throw new Error(`${url}: ${res.status}, ${body.Response?.length} listed, ${expect} expected`);
  return ms;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const us = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;

console.log(`e-waybill day lists, ${listed} bills of the day, PGlite in its thread, ${rounds} rounds, Node ${process.version}`);
const earlier = (k: number): string => {
  const d = new Date(parseIst(`${today} 10:00:00`)!.getTime() - (1 + (k % 200)) * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
for (const size of sizes) {
  // Earlier days' bills until the store holds `size` (the floor's table likewise).
  for (let k = 0; held < size; k++) await issue(earlier(k));
  if (floorHeld < size) {
    await floorFill(G, '01/01/2026', floorHeld, size - floorHeld);
    floorHeld = size;
  }
  clock.set(parseIst(`${today} 18:00:00`)!);
  const load = loadavg()[0]!.toFixed(2);
  console.log(`\nstore holds ${held} e-waybills (${listed} of them today); load average ${load}`);
  const times = new Map<string, { full: number[]; empty: number[] }>();
  const floor = { full: [] as number[], empty: [] as number[] };
  for (let r = 0; r < rounds + 2; r++) {
    const keep = r >= 2; // two warm-up rounds
    for (const l of lists) {
      const t = times.get(l.name) ?? { full: [], empty: [] };
      times.set(l.name, t);
      const full = await timed(`${base}/api/svc/einvoice/${l.path}&date=${today}`, l.expect);
      const empty = await timed(`${base}/api/svc/einvoice/${l.path}&date=13/11/2027`, 0);
      if (keep) t.full.push(full), t.empty.push(empty);
    }
    const full = await timed(`${floorBase}/?gstin=${G}&date=${today}`, listed);
    const empty = await timed(`${floorBase}/?gstin=${G}&date=13/11/2027`, 0);
    if (keep) floor.full.push(full), floor.empty.push(empty);
  }
  const floorPer = (median(floor.full) - median(floor.empty)) / listed;
  console.log(
    `  ${'floor (bare indexed table)'.padEnd(30)} ${median(floor.full).toFixed(1).padStart(7)} ms for ${listed}, empty ${median(floor.empty).toFixed(2)} ms: ${us(floorPer)} a listed bill`,
  );
  for (const l of lists) {
    const t = times.get(l.name)!;
    const per = (median(t.full) - median(t.empty)) / l.expect;
    console.log(
      `  ${l.name.padEnd(30)} ${median(t.full).toFixed(1).padStart(7)} ms for ${l.expect}, empty ${median(t.empty).toFixed(2)} ms: ${us(per)} a listed bill (${(per / floorPer).toFixed(2)}x the floor's)`,
    );
  }
}
server.close();
floorServer.close();
await sandbox.jobs.close?.();
await store.close();
await floorDb.close();
