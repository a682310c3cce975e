import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGstHandler } from '../../src/http/index.js';
import { toNodeListener } from '../../src/http/node.js';
import type { GstHandler } from '../../src/http/types.js';
import { basicAuth, createSandbox, manualClock, parseIst } from '../../src/sandbox/index.js';
import { readFileSync } from 'node:fs';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serve(handler: GstHandler): Promise<string> {
  const server = createServer(toNodeListener(handler));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('toNodeListener and the request body', () => {
  it('gives any other fetch handler the body in its Request', async () => {
    const echo: GstHandler = Object.assign(
      async (request: Request) =>
        new Response(JSON.stringify({ method: request.method, text: await request.text() }), { headers: { 'content-type': 'application/json' } }),
      { basePath: '' },
    );
    const base = await serve(echo);
    const res = await fetch(`${base}/anything`, { method: 'POST', body: '{"a":"ä"}' });
    expect(await res.json()).toEqual({ method: 'POST', text: '{"a":"ä"}' });
  });

  it("gstkit's handler reads the bytes the binding read: an IRN registers, a broken body gets its coded 400", async () => {
    const sandbox = createSandbox({ companies: { acme: ['29AAGCK4821M1Z4'] }, clock: manualClock(parseIst('10/11/2026 12:00:00')!) });
    const handler = createGstHandler({
      ...sandbox.providers,
      authenticate: basicAuth([{ keyId: 'k', keySecret: 's', companyId: 'acme' }], new Map([['acme', ['29AAGCK4821M1Z4']]])),
    });
    expect(handler.readsBodyBytes).toBe(true);
    const base = await serve(handler);
    const headers = { authorization: 'Basic ' + Buffer.from('k:s').toString('base64'), 'content-type': 'application/json' };
    const invoice = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    delete invoice['EwbDtls'];
    const ok = await fetch(`${base}/api/svc/einvoice/generateirn`, { method: 'POST', headers, body: JSON.stringify(invoice) });
    const text = await ok.text();
    expect(ok.status).toBe(200);
    expect(Number(ok.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({ Success: true, IrnStatus: 'ACT' });
    // The audit entry read the answer it was built from.
    const audit = await sandbox.providers.audit.listAudit!('acme', { limit: 10 });
    expect(audit[0]).toMatchObject({ operation: 'generateIrn', status: 200, result: `IRN ${JSON.parse(text).Irn}` });
    const broken = await fetch(`${base}/api/svc/einvoice/generateirn`, { method: 'POST', headers, body: '{"DocDtls":' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ Success: false, Errors: [{ Code: 'SVC-903' }] });
  });
});
