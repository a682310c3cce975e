/**
 * generateirn on the sandbox over node:http, measured with autocannon on loopback, next to a bare
 * node:http JSON echo of the same body. Run: npx tsx test/bench/http-generateirn.ts [seconds]
 * Each request carries a fresh document number, so every one registers a new IRN.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createGstHandler } from '../../src/http/index.js';
import { toNodeListener } from '../../src/http/node.js';
import { basicAuth, createSandbox, manualClock, parseIst } from '../../src/sandbox/index.js';

const seconds = Number(process.argv[2] ?? 8);
const connections = 32;
const invoice = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8')) as Record<string, any>;
delete invoice['EwbDtls'];
const auth = 'Basic ' + Buffer.from('bench:secret').toString('base64');

function listen(server: Server): Promise<number> {
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)));
}

async function measure(name: string, port: number, path: string, bodyFor: (i: number) => string): Promise<number> {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: bodyFor(i++) }),
      },
    ],
  });
  const bad = result.non2xx + result.errors;
  console.log(
    `${name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx/errors ${bad}`,
  );
  return result.requests.average;
}

const bodyFor = (i: number): string => {
  invoice['DocDtls']['No'] = `BN/${i.toString(36).toUpperCase()}`.slice(0, 16);
  return JSON.stringify(invoice);
};

const echo = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
});

const sandbox = createSandbox({ companies: { bench: ['29AAGCK4821M1Z4'] }, clock: manualClock(parseIst('10/11/2026 12:00:00')!) });
const handler = createGstHandler({
  ...sandbox.providers,
  authenticate: basicAuth([{ keyId: 'bench', keySecret: 'secret', companyId: 'bench' }], new Map([['bench', ['29AAGCK4821M1Z4']]])),
});
const gst = createServer(toNodeListener(handler));

const echoPort = await listen(echo);
const gstPort = await listen(gst);
console.log(`node ${process.version}, ${connections} connections, ${seconds} s each, body ${bodyFor(0).length} bytes`);
const base = await measure('bare node:http JSON echo', echoPort, '/', bodyFor);
const plain = await measure('generateirn', gstPort, '/api/svc/einvoice/generateirn', (i) => bodyFor(i));
const qr = await measure('generateirn qrcode=yes', gstPort, '/api/svc/einvoice/generateirn?qrcode=yes', (i) => bodyFor(i + 10_000_000));
const pdf = await measure('generateirn qrcode=yes pdf=yes', gstPort, '/api/svc/einvoice/generateirn?qrcode=yes&pdf=yes', (i) => bodyFor(i + 20_000_000));
console.log(`ratio generateirn / echo: ${(plain / base).toFixed(3)}; with QR: ${(qr / base).toFixed(3)}; with QR and PDF: ${(pdf / base).toFixed(4)}`);
echo.close();
gst.close();
