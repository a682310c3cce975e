/**
 * generateirn's CPU per call without a socket, gstkit beside the raw-library floor, in one process: the
 * node binding's light entry (the request as node:http would have parsed it, the reply's JSON text taken as
 * the binding writes it) against the floor of http-floor.ts without its socket (JSON.parse, a fresh Ajv on
 * the e-invoice schema, SHA-256, two RS256 JWS signatures, a JSON reply). Without sockets and a load
 * generator sharing the cores, what is left is the handler's own CPU, which moves far less with the
 * machine's load than http-floor.ts does. Rounds alternate floor and gstkit; medians are printed.
 * Run: npx tsx test/bench/generateirn-light-floor.ts [rounds=7] [calls per round=1000]
 */
import { readFileSync } from 'node:fs';
import { createGstHandler } from '../../src/http/index.js';
import { LightRequest, lightEntryOf } from '../../src/http/light-request.js';
import { knownJson } from '../../src/http/json-body.js';
import { basicAuth, createSandbox, manualClock, parseIst } from '../../src/sandbox/index.js';
import { createFloorIrn } from './floor-irn.js';

const invoice = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8')) as Record<string, any>;
delete invoice['EwbDtls'];
const sandbox = createSandbox({ companies: { bench: ['29AAGCK4821M1Z4'] }, clock: manualClock(parseIst('10/11/2026 12:00:00')!) });
const handler = createGstHandler({
  ...sandbox.providers,
  authenticate: basicAuth([{ keyId: 'bench', keySecret: 'secret', companyId: 'bench' }], new Map([['bench', ['29AAGCK4821M1Z4']]])),
});
const light = lightEntryOf(handler)!;
const auth = 'Basic ' + Buffer.from('bench:secret').toString('base64');
let n = 0;
const nextBody = (): Buffer => {
  invoice['DocDtls']['No'] = `HF/${(n++).toString(36).toUpperCase()}`;
  return Buffer.from(JSON.stringify(invoice));
};

async function gstkit(): Promise<number> {
  const bytes = nextBody();
  const headers = { host: '127.0.0.1:8080', authorization: auth, 'content-type': 'application/json', 'content-length': String(bytes.length) };
  const url = new URL('http://127.0.0.1:8080/api/svc/einvoice/generateirn');
  const res = await light(new LightRequest(url, 'POST', headers, true), { remoteAddress: '127.0.0.1', bodyBytes: bytes });
  const known = knownJson(res);
  if (!known || res.status !== 200) throw new Error(`generateirn answered ${res.status}: ${known?.text ?? ''}`);
  return Buffer.byteLength(known.text);
}

const floorIrn = createFloorIrn();
function floor(): number {
  const out = floorIrn(JSON.parse(nextBody().toString('utf8')) as Record<string, any>);
  if (!out.ok) throw new Error(`the floor refused the invoice: ${out.reply}`);
  return Buffer.byteLength(out.reply);
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rounds = Number(process.argv[2] ?? 7);
const perRound = Number(process.argv[3] ?? 1000);
// Warm both up (JIT, lazy modules) before measuring.
for (let i = 0; i < 1500; i++) {
  await gstkit();
  floor();
}
const floors: number[] = [];
const ours: number[] = [];
for (let round = 0; round < rounds; round++) {
  let start = cpuMs();
  for (let i = 0; i < perRound; i++) floor();
  floors.push((cpuMs() - start) / perRound);
  start = cpuMs();
  for (let i = 0; i < perRound; i++) await gstkit();
  ours.push((cpuMs() - start) / perRound);
  console.log(`round ${round + 1}: floor ${floors[round]!.toFixed(3)} ms, gstkit ${ours[round]!.toFixed(3)} ms of CPU a call`);
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const [mf, mg] = [median(floors), median(ours)];
console.log(`node ${process.version}, ${rounds} rounds of ${perRound} calls, no socket`);
console.log(`floor (JSON.parse + fresh Ajv + SHA-256 + 2 RS256 + JSON reply): ${mf.toFixed(3)} ms CPU a call`);
console.log(`gstkit generateirn (light entry, sandbox, memory store):    ${mg.toFixed(3)} ms CPU a call (${(mg / mf).toFixed(2)}x the floor, ${(mg - mf).toFixed(3)} ms beyond it)`);
