/**
 * Where generateirn's CPU goes without a socket: the fetch-style handler called directly, next to
 * validate('irn') with JSON.parse and one RS256 JWS signature of the same body. CPU time per call, clock read
 * once per 50 calls, three rounds printed. Run: npx tsx test/bench/generateirn-inprocess.ts
 */
import { readFileSync } from 'node:fs';
import { createGstHandler } from '../../src/http/index.js';
import { basicAuth, createSandbox, createSigningIdentity, manualClock, parseIst, signJws } from '../../src/sandbox/index.js';
import { validate } from '../../src/validate.js';
import { budgetMs, roundsOr } from './bench-scale.js';

const invoice = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8')) as Record<string, any>;
delete invoice['EwbDtls'];
const identity = createSigningIdentity();
const sandbox = createSandbox({ identity, companies: { bench: ['29AAGCK4821M1Z4'] }, clock: manualClock(parseIst('10/11/2026 12:00:00')!) });
const handler = createGstHandler({
  ...sandbox.providers,
  authenticate: basicAuth([{ keyId: 'bench', keySecret: 'secret', companyId: 'bench' }], new Map([['bench', ['29AAGCK4821M1Z4']]])),
});
const auth = 'Basic ' + Buffer.from('bench:secret').toString('base64');
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
async function perCall(fn: () => Promise<unknown> | unknown, cpuBudgetMs = budgetMs(1500)): Promise<number> {
  const start = cpuMs();
  let calls = 0;
  while (cpuMs() - start < cpuBudgetMs) {
    for (let i = 0; i < 50; i++) await fn();
    calls += 50;
  }
  return (cpuMs() - start) / calls;
}
let n = 0;
const body = (): string => {
  invoice['DocDtls']['No'] = `IP/${(n++).toString(36).toUpperCase()}`;
  return JSON.stringify(invoice);
};
for (let round = 1; round <= roundsOr(3); round++) {
  const whole = await perCall(async () => {
    const res = await handler(
      new Request('http://localhost/api/svc/einvoice/generateirn', {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: body(),
      }),
    );
    if (res.status !== 200) throw new Error(`generateirn answered ${res.status}`);
    await res.arrayBuffer();
  });
  const checked = await perCall(() => validate('irn', JSON.parse(body()), { today: '10/11/2026' }));
  const signed = await perCall(() => signJws(identity, { data: body() }));
  console.log(
    `round ${round}: handler ${whole.toFixed(3)} ms, validate with JSON.parse ${checked.toFixed(3)} ms, one RS256 JWS ${signed.toFixed(3)} ms of CPU`,
  );
}
