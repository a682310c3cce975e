/**
 * generateirn throughput on each store: the same handler and sandbox, with the records in memory, in
 * PGlite (a temporary data folder) and in PostgreSQL (DATABASE_URL, when set). Requests go through the
 * fetch-style handler, 16 in flight, each a new document so every one is registered and stored. The floor
 * beside them is the bare sign-and-hash work of one IRN (no store).
 *
 *   npx tsx test/bench/store-generateirn.ts [requests]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGstHandler } from '../../src/http/index.js';
import type { Store } from '../../src/ports/store.js';
import { createSandbox, createSigningIdentity, manualClock, parseIst, signJws } from '../../src/sandbox/index.js';
import { irnOf } from '../../src/compute/irn.js';
import { createMemoryStore, openPgliteStore, openPostgresStore } from '../../src/store/index.js';

const requests = Number(process.argv[2] ?? 2000);
const inFlight = 16;
const example = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8'));
const identity = createSigningIdentity();
const auth = 'Basic ' + Buffer.from('k:s').toString('base64');

async function run(name: string, store: Store): Promise<number> {
  const clock = manualClock(parseIst('10/11/2026 12:00:00')!);
  const sandbox = createSandbox({ companies: { bench: ['29AAGCK4821M1Z4'] }, clock, identity, store });
  const handler = createGstHandler({
    ...sandbox.providers,
    authenticate: () => ({ ok: true, company: sandbox.companies.get('bench')! }),
  });
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  let next = 0;
  let ok = 0;
  // Warm up the route, the schemas and the store's plans on other documents.
  const measured = tag;
  const warmTag = tag + 'W';
  let current = warmTag;
  const oneOf = async (): Promise<void> => {
    while (next < requests) {
      const i = next++;
      const body = { ...example, DocDtls: { ...example.DocDtls, No: `B${current}/${i}` } };
      const res = await handler(
        new Request('http://x/api/svc/einvoice/generateirn', {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      if (res.status === 200) ok++;
      await res.arrayBuffer();
    }
  };
  next = requests - Math.min(50, requests);
  await Promise.all(Array.from({ length: inFlight }, oneOf));
  current = measured;
  next = 0;
  ok = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, oneOf));
  const seconds = (performance.now() - started) / 1000;
  const rate = ok / seconds;
  console.log(`${name.padEnd(24)} ${String(Math.round(rate)).padStart(6)} req/s   (${ok} of ${requests} registered in ${seconds.toFixed(1)} s)`);
  await sandbox.jobs.close?.();
  return rate;
}

function floor(): number {
  const started = performance.now();
  const n = 2000;
  for (let i = 0; i < n; i++) {
    const irn = irnOf('29AAGCK4821M1Z4', 'INV', `F/${i}`, '10/11/2026');
    signJws(identity, { data: JSON.stringify({ Irn: irn, ...example }), iss: 'x' });
    signJws(identity, { data: JSON.stringify({ Irn: irn }), iss: 'x' });
  }
  const rate = n / ((performance.now() - started) / 1000);
  console.log(`${'floor: hash + 2 signs'.padEnd(24)} ${String(Math.round(rate)).padStart(6)} /s   (no request handling, no store)`);
  return rate;
}

console.log(`generateirn, ${requests} new documents, ${inFlight} in flight, Node ${process.version}`);
floor();
await run('memory', createMemoryStore());
const dir = mkdtempSync(join(tmpdir(), 'gstkit-bench-'));
const pglite = await openPgliteStore(dir);
await run('PGlite (data folder)', pglite);
await pglite.close();
rmSync(dir, { recursive: true, force: true });
if (process.env['DATABASE_URL']) {
  const pg = await openPostgresStore(process.env['DATABASE_URL']);
  await run('PostgreSQL (DATABASE_URL)', pg);
  await pg.close();
} else {
  console.log('PostgreSQL: set DATABASE_URL to include it');
}
