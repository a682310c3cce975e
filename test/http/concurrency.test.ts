import { describe, expect, it } from 'vitest';
import { example, world, authB } from './harness.js';

describe('generateirn under concurrency', () => {
  it('100 identical requests give one IRN and 99 times 2150 with the same IRN', async () => {
    const { handler } = world();
    const auth = 'Basic ' + Buffer.from('keyA:secretA').toString('base64');
    const body = JSON.stringify(example('irn'));
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        handler(
          new Request('http://t/api/svc/einvoice/generateirn', { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body }),
        ).then(async (r) => ({ status: r.status, body: (await r.json()) as { Irn: string; Errors?: Array<{ Code: string }> } })),
      ),
    );
    const ok = replies.filter((r) => r.status === 200);
    const dup = replies.filter((r) => r.status === 409);
    expect(ok).toHaveLength(1);
    expect(dup).toHaveLength(99);
    for (const d of dup) {
      expect(d.body.Errors?.[0]?.Code).toBe('2150');
      expect(d.body.Irn).toBe(ok[0]!.body.Irn);
    }
  });
});

describe('company isolation', () => {
  it('company B can neither read nor cancel company A documents, e-waybills or jobs', async () => {
    const { handler, sandbox } = world();
    const authA = 'Basic ' + Buffer.from('keyA:secretA').toString('base64');
    const call = (method: string, path: string, auth: string, body?: unknown, headers: Record<string, string> = {}) =>
      handler(
        new Request(`http://t${path}`, {
          method,
          headers: { authorization: auth, 'content-type': 'application/json', ...headers },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
      );
    const gen = (await (await call('POST', '/api/svc/einvoice/generateirn', authA, example('irn'))).json()) as { Irn: string; EwbNo: string };
    // B names its own GSTIN: the IRN is not found in B's books.
    const read = await call('GET', `/api/svc/einvoice/getirn?gstin=29AADCN7314Q1ZU&irn=${gen.Irn}`, authB);
    expect(read.status).toBe(404);
    // B names A's GSTIN: refused outright.
    expect((await call('GET', `/api/svc/einvoice/getirn?gstin=29AAGCK4821M1Z4&irn=${gen.Irn}`, authB)).status).toBe(403);
    expect((await call('POST', '/api/svc/einvoice/cancelirn?gstin=29AAGCK4821M1Z4', authB, { Irn: gen.Irn, CnlRsn: '1', CnlRem: 'x' })).status).toBe(403);
    expect((await call('POST', '/api/svc/einvoice/cancelirn?gstin=29AADCN7314Q1ZU', authB, { Irn: gen.Irn, CnlRsn: '1', CnlRem: 'x' })).status).toBe(404);
    expect(
      (await call('POST', '/api/svc/einvoice/cancelewb?gstin=29AADCN7314Q1ZU', authB, { ewbNo: gen.EwbNo, cancelRsnCode: '1', cancelRmrk: 'x' })).status,
    ).toBe(404);
    const job = (await (
      await call('POST', '/api/svc/gstr2b/pull', authA, { gstin: '29AAGCK4821M1Z4', returnPeriod: '2026-10' }, { 'svc-company': 'acme' })
    ).json()) as { jobId: string };
    await sandbox.jobs.idle();
    expect((await call('GET', `/api/svc/robot/jobstatus/${job.jobId}`, authB)).status).toBe(404);
    expect((await call('GET', `/api/svc/robot/jobfile/${job.jobId}`, authB)).status).toBe(404);
    expect((await call('GET', `/api/svc/robot/jobstatus/${job.jobId}`, authA)).status).toBe(200);
  });
});
