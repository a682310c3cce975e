/**
 * The bulk routes through the handler: a request of documents answers a job at once, the job-status route
 * reports it in documents and lists each document's outcome in order; over 1,000 documents is a coded 413.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { targets, world } from '../http/harness.js';
import { validate } from '../../src/validate.js';
import { ewaybills, invoices } from './support.js';

const w = world();
const served = await targets[0]!.start(w.handler);
const call = served.call;
afterAll(() => served.close());

/** The job's status once it has ended. */
async function finished(jobId: string): Promise<any> {
  for (let i = 0; i < 600; i++) {
    const s = await call('GET', `/api/svc/robot/jobstatus/${jobId}`);
    expect(s.status).toBe(200);
    if (s.body.jobStatus >= 100) return s.body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`job ${jobId} did not end`);
}

describe('POST /api/svc/einvoice/bulk/generateirn', () => {
  it('answers a job whose result lists each IRN or each invalid invoice with its codes, and counts documents', async () => {
    const docs = invoices(12, 'HTTP', [4, 9]);
    const submitted = await call('POST', '/api/svc/einvoice/bulk/generateirn', { body: { documents: docs } });
    expect(submitted.status).toBe(200);
    expect(Object.keys(submitted.body)).toEqual(['jobId']);
    const status = await finished(submitted.body.jobId);
    expect(status).toMatchObject({ jobType: 'irn/bulk', jobStatus: 100, done: 12, total: 12, result: { total: 12, registered: 10, failed: 2 } });
    for (const d of status.result.documents) {
      if (d.index === 4 || d.index === 9) {
        const single = validate('irn', docs[d.index], { today: '14/11/2026' });
        expect(d.errors.map((e: { code: string }) => e.code)).toEqual(single.ok ? ['SVC-943'] : single.errors.map((e) => e.code));
        continue;
      }
      expect(d).toMatchObject({ ok: true, Irn: expect.stringMatching(/^[0-9a-f]{64}$/), AckNo: expect.stringMatching(/^\d{15}$/) });
      // The IRN is the one the single route's lookup finds.
      const byIrn = await call('GET', `/api/svc/einvoice/getirn?gstin=29AAGCK4821M1Z4&irn=${d.Irn}`);
      expect(byIrn.body).toMatchObject({ Success: true, Irn: d.Irn, AckNo: d.AckNo });
    }
  });

  it('refuses more than 1,000 documents with 413 SVC-720, and no list with 400 SVC-721, queueing nothing', async () => {
    const tooMany = await call('POST', '/api/svc/einvoice/bulk/generateirn', { body: { documents: Array.from({ length: 1001 }, () => ({})) } });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({ Success: false, Errors: [{ Code: 'SVC-720' }] });
    for (const body of [{}, { documents: [] }, { documents: 'all of them' }]) {
      const none = await call('POST', '/api/svc/einvoice/bulk/generateirn', { body });
      expect(none.status).toBe(400);
      expect(none.body.Errors[0].Code).toBe('SVC-721');
    }
    const exactly = await call('POST', '/api/svc/einvoice/bulk/generateirn', { body: { documents: Array.from({ length: 1000 }, () => ({})) } });
    expect(exactly.status).toBe(200);
    const status = await finished(exactly.body.jobId);
    expect(status.result).toMatchObject({ total: 1000, registered: 0, failed: 1000 });
  });
});

describe('POST /api/svc/einvoice/bulk/generateewaybill', () => {
  it("generates each valid document's e-waybill for the caller's GSTIN and reports the invalid one", async () => {
    const docs = ewaybills(8, 'HTTP', [2]);
    const submitted = await call('POST', '/api/svc/einvoice/bulk/generateewaybill?gstin=33AAHCT2290K1Z6', { body: { documents: docs } });
    expect(submitted.status).toBe(200);
    const status = await finished(submitted.body.jobId);
    expect(status).toMatchObject({ jobType: 'ewaybill/bulk', jobStatus: 100, done: 8, total: 8, result: { registered: 7, failed: 1 } });
    expect(status.result.documents[2]).toMatchObject({ index: 2, ok: false });
    for (const d of status.result.documents.filter((x: { ok: boolean }) => x.ok)) {
      const detail = await call('GET', `/api/svc/einvoice/getewaybill?gstin=33AAHCT2290K1Z6&ewbNo=${d.EwbNo}`);
      expect(detail.body.Response.docNo).toBe(docs[d.index]!['docNo']);
    }
  });

  it('refuses a GSTIN the company does not have, as the single route does', async () => {
    const refused = await call('POST', '/api/svc/einvoice/bulk/generateewaybill?gstin=29AADCN7314Q1ZU', { body: { documents: ewaybills(1, 'X') } });
    expect(refused.status).toBe(403);
    expect(refused.body.Errors[0].Code).toBe('SVC-943');
  });
});

describe('the OpenAPI document', () => {
  it('describes both bulk routes: their documents (at most 1,000, of the single route kind), the job answered and the 413', async () => {
    const doc = (await call('GET', '/openapi.json')).body;
    for (const [path, kind] of [
      ['/api/svc/einvoice/bulk/generateirn', 'irn'],
      ['/api/svc/einvoice/bulk/generateewaybill', 'ewb'],
    ] as const) {
      const op = doc.paths[path].post;
      const documents = op.requestBody.content['application/json'].schema.properties.documents;
      expect(documents).toMatchObject({ type: 'array', maxItems: 1000, items: { $ref: `#/components/schemas/${kind}` } });
      expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/job' });
      expect(op.responses['413'].description).toMatch(/SVC-720/);
    }
  });
});
