/**
 * Bulk jobs on the BullMQ queue: `gstkit serve` with REDIS_URL queues them and a `gstkit worker` on the same
 * PostgreSQL and Redis runs them with the server's provider and pace, its checkpoint in the shared store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, freshDatabase, need, redisUrl } from '../support/services.js';
import { startServer, type RunningServer } from '../support/server.js';
import { startWorker, type RunningWorker } from '../support/worker.js';
import { ewaybills, invoices } from './support.js';

const ready = need(databaseUrl) && need(redisUrl);

describe.runIf(ready)('bulk jobs run by a worker', () => {
  let server: RunningServer;
  let worker: RunningWorker;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabase(databaseUrl as string);
    drop = db.drop;
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl as string,
      GSTKIT_QUEUE: `gstkit-bulk-${process.pid}-${Date.now()}`,
      GSTKIT_API_KEYS: 'k1:s3cret:acme',
      GSTKIT_SANDBOX_GSTINS: 'acme:29AAGCK4821M1Z4,33AAHCT2290K1Z6',
      GSTKIT_BULK_RATE: '200/1',
      GSTKIT_DATA_DIR: '/nonexistent/never-used',
    };
    server = await startServer(env, { key: 'k1:s3cret' });
    worker = await startWorker(env);
  }, 180_000);

  afterAll(async () => {
    await worker?.stop();
    await server?.stop();
    await drop?.();
  });

  const finished = async (jobId: string): Promise<any> => {
    const end = Date.now() + 90_000;
    for (;;) {
      const s = await (await server.call(`/api/svc/robot/jobstatus/${jobId}`)).json();
      if (s.jobStatus >= 100 || Date.now() > end) return s;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('registers an IRN bulk and an e-waybill bulk, each document once, the invalid ones refused', async () => {
    const irn = await (await server.call('/api/svc/einvoice/bulk/generateirn', { body: { documents: invoices(40, 'WRK', [6]) } })).json();
    const ewb = await (
      await server.call('/api/svc/einvoice/bulk/generateewaybill?gstin=33AAHCT2290K1Z6', { body: { documents: ewaybills(30, 'WRK', [11]) } })
    ).json();
    const [irnDone, ewbDone] = [await finished(irn.jobId), await finished(ewb.jobId)];
    expect(irnDone).toMatchObject({ jobStatus: 100, done: 40, total: 40, result: { registered: 39, failed: 1 } });
    expect(ewbDone).toMatchObject({ jobStatus: 100, done: 30, total: 30, result: { registered: 29, failed: 1 } });
    expect(new Set(irnDone.result.documents.filter((d: any) => d.ok).map((d: any) => d.Irn)).size).toBe(39);
    expect(new Set(ewbDone.result.documents.filter((d: any) => d.ok).map((d: any) => d.EwbNo)).size).toBe(29);
    expect(irnDone.result.documents[6].ok).toBe(false);
    expect(ewbDone.result.documents[11].ok).toBe(false);
  }, 180_000);
});
