/**
 * A bulk of 500 invoices, a few invalid, on `gstkit serve` over a PGlite folder: the server is killed
 * with kill -9 half way through the job and started again on the same folder; the job resumes and ends
 * with exactly one IRN per valid invoice (the one the IRP holds for its document) and the invalid ones
 * reported with the codes the single route gives them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validate } from '../../src/validate.js';
import { startServer, type RunningServer } from '../support/server.js';
import { invoices } from './support.js';

const dataDir = mkdtempSync(join(tmpdir(), 'gstkit-bulk-restart-'));
// Paced so that the kill lands half way: 500 documents take some 12 s at 40 a second.
const env = { GSTKIT_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', GSTKIT_BULK_RATE: '40/1' };
const running: RunningServer[] = [];
afterAll(async () => {
  for (const s of running) await s.stop('SIGKILL');
});

const invalid = [17, 99, 250, 333, 402, 481];

describe('bulk IRN generation across kill -9', () => {
  it('resumes after a restart and registers each valid invoice exactly once', async () => {
    const docs = invoices(500, 'KILL', invalid);
    const first = await startServer(env);
    running.push(first);
    expect(first.printed).toMatch(/bulk pace: 40 documents per 1 s per GSTIN/);
    const submitted = await first.call('/api/svc/einvoice/bulk/generateirn', { body: { documents: docs } });
    expect(submitted.status).toBe(200);
    const { jobId } = (await submitted.json()) as { jobId: string };

    let before: any;
    for (;;) {
      before = await (await first.call(`/api/svc/robot/jobstatus/${jobId}`)).json();
      if ((before.done ?? 0) >= 150 || before.jobStatus >= 100) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(before.jobStatus).toBe(1);
    expect(before.total).toBe(500);
    await first.stop('SIGKILL');

    const second = await startServer(env);
    running.push(second);
    let after: any;
    const end = Date.now() + 120_000;
    for (;;) {
      after = await (await second.call(`/api/svc/robot/jobstatus/${jobId}`)).json();
      if (after.jobStatus >= 100 || Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(after).toMatchObject({ jobStatus: 100, done: 500, total: 500, result: { total: 500, registered: 494, failed: 6 } });

    const documents = after.result.documents as any[];
    expect(documents.map((d) => d.index)).toEqual([...Array(500).keys()]);
    // The only failures are the invalid invoices, with the single route's codes: no valid one met a 2150 of its own making.
    const today = /^(\d{4})-(\d{2})-(\d{2})/.exec(new Date(Date.now() + 5.5 * 3600_000).toISOString())!;
    for (const i of invalid) {
      const single = validate('irn', docs[i], { today: `${today[3]}/${today[2]}/${today[1]}` });
      expect(documents[i].ok).toBe(false);
      expect(documents[i].errors.map((e: { code: string }) => e.code)).toEqual(single.ok ? ['SVC-943'] : single.errors.map((e) => e.code));
    }
    const irns = new Set<string>();
    for (const d of documents) {
      if (!d.ok) continue;
      irns.add(d.Irn);
      const no = encodeURIComponent(docs[d.index]!['DocDtls'].No);
      const held = await (await second.call(`/api/svc/einvoice/getirnbydoc?gstin=29AAGCK4821M1Z4&doctype=INV&docno=${no}&docdate=10/11/2026`)).json();
      expect({ index: d.index, Irn: held.Irn, AckNo: String(held.AckNo) }).toEqual({ index: d.index, Irn: d.Irn, AckNo: d.AckNo });
    }
    expect(irns.size).toBe(494);
  }, 300_000);
});
