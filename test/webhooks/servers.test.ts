/**
 * Webhooks in `gstkit serve` as a host runs it: on by default with the embedded store, delivering what was
 * kept while the server was stopped once it starts again; and two servers on one PostgreSQL deliver each
 * event once between them (PostgreSQL from DATABASE_URL: skipped without it, a failure under CI=true).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, freshDatabase, need } from '../support/services.js';
import { root, startServer, type RunningServer } from '../support/server.js';
import { startReceiver } from '../support/webhook-receiver.js';

const invoice = (no: string): any => {
  const body = JSON.parse(readFileSync(join(root, 'docs/examples/irn.json'), 'utf8'));
  body.DocDtls.No = no;
  delete body.EwbDtls;
  return body;
};
const env = {
  GSTKIT_API_KEYS: 'k1:s3cret:acme',
  GSTKIT_SANDBOX_GSTINS: 'acme:29AAGCK4821M1Z4,33AAHCT2290K1Z6',
  GSTKIT_WEBHOOK_ALLOW_PRIVATE: '1',
  GSTKIT_RATE_LIMIT: 'off',
  // Jobs run by each server, not on a queue of this machine's environment.
  REDIS_URL: '',
};

async function until(check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('webhooks in gstkit serve', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gstkit-webhook-serve-'));
  const running: RunningServer[] = [];
  afterAll(async () => {
    for (const s of running) await s.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers by default on PGlite, stops cleanly, and after a restart delivers what waited', async () => {
    const receiver = await startReceiver();
    const serverEnv = { ...env, DATABASE_URL: '', GSTKIT_DATA_DIR: join(dir, 'data') };
    let server = await startServer(serverEnv, { key: 'k1:s3cret' });
    running.push(server);
    expect(server.printed).toMatch(/store: PGlite in /);
    expect(server.printed).toMatch(/webhooks: delivered by this server/);
    const sub = (await (await server.call('/api/svc/webhooks', { body: { url: receiver.url, events: ['irn.registered'] } })).json()) as any;
    receiver.secret = sub.secret;
    const first = (await (await server.call('/api/svc/einvoice/generateirn', { body: invoice('SRV/1') })).json()) as any;
    expect(first.Success).toBe(true);
    await receiver.waitFor(1);
    expect(receiver.received[0]!.event.data['Irn']).toBe(first.Irn);
    expect(receiver.received[0]!.verified).toBe(true);

    // The receiver goes away; an event waits; the server is stopped and started again on its folder.
    await receiver.down();
    const second = (await (await server.call('/api/svc/einvoice/generateirn', { body: invoice('SRV/2') })).json()) as any;
    const stopped = Date.now();
    await server.stop('SIGTERM');
    expect(server.process.exitCode).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(10_000);
    await receiver.up();
    server = await startServer(serverEnv, { key: 'k1:s3cret' });
    running.push(server);
    await until(() => receiver.received.some((r) => r.event.data['Irn'] === second.Irn));
    const got = receiver.received.filter((r) => r.event.data['Irn'] === second.Irn);
    expect(got.every((r) => r.verified)).toBe(true);
    const deliveries = (await (await server.call(`/api/svc/webhooks/${sub.id}/deliveries`)).json()) as any;
    expect(deliveries.deliveries.map((d: any) => d.state)).toEqual(['delivered', 'delivered']);
    await server.stop();
    await receiver.close();
  }, 180_000);

  it.runIf(need(databaseUrl))(
    'delivers each event once from two servers on one PostgreSQL',
    async () => {
      const db = await freshDatabase(databaseUrl as string);
      const receiver = await startReceiver();
      try {
        const serverEnv = { ...env, DATABASE_URL: db.url, GSTKIT_DATA_DIR: '/nonexistent/never-used' };
        const [a, b] = await Promise.all([startServer(serverEnv, { key: 'k1:s3cret' }), startServer(serverEnv, { key: 'k1:s3cret' })]);
        running.push(a!, b!);
        const sub = (await (await a!.call('/api/svc/webhooks', { body: { url: receiver.url, events: ['irn.registered'] } })).json()) as any;
        receiver.secret = sub.secret;
        const count = 60;
        const irns = await Promise.all(
          Array.from(
            { length: count },
            async (_, i) => ((await (await (i % 2 ? a! : b!).call('/api/svc/einvoice/generateirn', { body: invoice(`PG/${i}`) })).json()) as any).Irn as string,
          ),
        );
        expect(new Set(irns).size).toBe(count);
        await receiver.waitFor(count, 60_000);
        // Both servers' loops keep polling: any second send of an event would arrive now.
        await new Promise((r) => setTimeout(r, 2000));
        expect(receiver.received).toHaveLength(count);
        expect(new Set(receiver.received.map((r) => r.id)).size).toBe(count);
        expect(new Set(receiver.received.map((r) => r.event.data['Irn']))).toEqual(new Set(irns));
        expect(receiver.received.every((r) => r.verified)).toBe(true);
        const listed = (await (await b!.call(`/api/svc/webhooks/${sub.id}/deliveries?limit=200`)).json()) as any;
        expect(listed.deliveries).toHaveLength(count);
        expect(listed.deliveries.every((d: any) => d.state === 'delivered' && d.attempts === 1)).toBe(true);
        await a!.stop();
        await b!.stop();
      } finally {
        await receiver.close();
        await db.drop();
      }
    },
    180_000,
  );
});
