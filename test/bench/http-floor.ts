/**
 * Server CPU per generateirn request over node:http, gstkit next to the raw-library floor, in one run.
 *
 * The floor does what any IRN server must, with nothing of its own: node:http, JSON.parse, a fresh Ajv
 * (default options) on gstkit's e-invoice schema, SHA-256 for the IRN, two RS256 JWS signatures with a
 * key object made once (the signed invoice and the signed QR payload) and a JSON reply.
 * gstkit: the sandbox's generateirn through createGstHandler and toNodeListener (memory store, basic auth).
 *
 * Both servers run in one child process; the load (autocannon, 16 connections) comes from this process,
 * so its CPU does not count. Rounds alternate floor and gstkit (which goes first alternates too); the figure
 * is the child's CPU time (process.cpuUsage) per answered request, median over the rounds. On a shared
 * virtual machine the speed of the whole machine drifts by a tenth or more within seconds, so each gstkit
 * round is also set against the floor round run right beside it, and the median of those paired ratios is
 * printed with its range: drift moves both rounds of a pair alike.
 * Run: npx tsx test/bench/http-floor.ts [rounds=15] [requests per round=1500]
 * (GSTKIT_BENCH_FROM=dist after `npm run build`: the server runs the built package)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { benchFrom, fromGstkit } from './bench-from.js';

const invoiceText = readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8');
const auth = 'Basic ' + Buffer.from('bench:secret').toString('base64');

function listen(server: Server): Promise<number> {
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)));
}

async function serve(): Promise<void> {
  const { createFloorIrn } = await import('./floor-irn.js');
  const { createGstHandler } = await fromGstkit<typeof import('../../src/http/index.js')>('http/index.js');
  const { toNodeListener } = await fromGstkit<typeof import('../../src/http/node.js')>('http/node.js');
  const { basicAuth, createSandbox, manualClock, parseIst } = await fromGstkit<typeof import('../../src/sandbox/index.js')>('sandbox/index.js');

  // The floor.
  const floorIrn = createFloorIrn();
  const floor = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const out = floorIrn(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any>);
      res.writeHead(out.ok ? 200 : 400, { 'content-type': 'application/json' });
      res.end(out.reply);
    });
  });

  const sandbox = createSandbox({ companies: { bench: ['29AAGCK4821M1Z4'] }, clock: manualClock(parseIst('10/11/2026 12:00:00')!) });
  const handler = createGstHandler({
    ...sandbox.providers,
    authenticate: basicAuth([{ keyId: 'bench', keySecret: 'secret', companyId: 'bench' }], new Map([['bench', ['29AAGCK4821M1Z4']]])),
  });
  const gst = createServer(toNodeListener(handler));
  const ports = { floor: await listen(floor), gstkit: await listen(gst) };
  process.on('message', (m) => {
    if (m === 'cpu') {
      const u = process.cpuUsage();
      process.send!({ cpu: (u.user + u.system) / 1000 });
    } else if (m === 'stop') process.exit(0);
  });
  process.send!({ ports });
}

function ask<T>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: any) => {
      if (m && key in m) {
        child.off('message', on);
        resolve(m[key] as T);
      }
    };
    child.on('message', on);
    if (message) child.send(message);
  });
}

async function main(): Promise<void> {
  const { default: autocannon } = await import('autocannon');
  const rounds = Number(process.argv[2] ?? 15);
  const perRound = Number(process.argv[3] ?? 1500);
  const child = fork(fileURLToPath(import.meta.url), ['serve'], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CHILD_ARGS ?? '').split(' ').filter(Boolean)],
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '' },
  });
  const ports = await ask<{ floor: number; gstkit: number }>(child, '', 'ports');
  const invoice = JSON.parse(invoiceText) as Record<string, any>;
  delete invoice['EwbDtls'];
  let n = 0;
  const load = async (port: number, path: string): Promise<{ cpuPerRequest: number; ok: number; bad: number }> => {
    const before = await ask<number>(child, 'cpu', 'cpu');
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${path}`,
      connections: 16,
      amount: perRound,
      requests: [
        {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          setupRequest: (req: any) => {
            invoice['DocDtls']['No'] = `HF/${(n++).toString(36).toUpperCase()}`;
            return { ...req, body: JSON.stringify(invoice) };
          },
        },
      ],
    });
    const after = await ask<number>(child, 'cpu', 'cpu');
    const ok = result['2xx'];
    return { cpuPerRequest: (after - before) / ok, ok, bad: result.non2xx + result.errors };
  };
  // Warm both up (JIT, lazy modules) before measuring.
  await load(ports.floor, '/');
  await load(ports.gstkit, '/api/svc/einvoice/generateirn');
  const floor: number[] = [];
  const ours: number[] = [];
  const loadFloor = () => load(ports.floor, '/');
  const loadGstkit = () => load(ports.gstkit, '/api/svc/einvoice/generateirn');
  for (let round = 0; round < rounds; round++) {
    const floorFirst = round % 2 === 0;
    const first = await (floorFirst ? loadFloor() : loadGstkit());
    const second = await (floorFirst ? loadGstkit() : loadFloor());
    const [f, g] = floorFirst ? [first, second] : [second, first];
    if (f.bad + g.bad > 0) throw new Error(`refused requests: floor ${f.bad}, gstkit ${g.bad}`);
    floor.push(f.cpuPerRequest);
    ours.push(g.cpuPerRequest);
    console.log(
      `round ${round + 1}: floor ${f.cpuPerRequest.toFixed(3)} ms, gstkit ${g.cpuPerRequest.toFixed(3)} ms of server CPU a request (${(g.cpuPerRequest / f.cpuPerRequest).toFixed(2)}x)`,
    );
  }
  const [mf, mg] = [median(floor), median(ours)];
  const paired = ours.map((g, i) => g / floor[i]!);
  console.log(
    `node ${process.version}, gstkit from ${benchFrom}, body ${JSON.stringify(invoice).length} bytes, ${rounds} rounds of ${perRound} requests, 16 connections`,
  );
  console.log(`floor (node:http + JSON.parse + fresh Ajv + SHA-256 + 2 RS256 + JSON reply): ${mf.toFixed(3)} ms server CPU a request`);
  console.log(
    `gstkit generateirn (sandbox, memory store):                               ${mg.toFixed(3)} ms server CPU a request (${(mg / mf).toFixed(2)}x the floor)`,
  );
  console.log(
    `paired rounds: median ${median(paired).toFixed(2)}x the floor (middle half ${quartile(paired, 1).toFixed(2)}x-${quartile(paired, 3).toFixed(2)}x, all ${Math.min(...paired).toFixed(2)}x-${Math.max(...paired).toFixed(2)}x)`,
  );
  child.send('stop');
}

function median(xs: number[]): number {
  return quartile(xs, 2);
}

/** The q-th quartile (1, 2 or 3) of xs, the nearest rank: for 15 rounds, the 4th, 8th and 12th. */
function quartile(xs: number[], q: 1 | 2 | 3): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * q) / 4))] as number;
}

if (process.argv[2] === 'serve') await serve();
else await main();
