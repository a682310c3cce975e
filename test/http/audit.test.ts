/**
 * The audit log as an operator reads it: every state-changing call (generate IRN, cancel IRN, e-waybill
 * generation and cancellation, refusals included) leaves one entry naming the key, company, GSTIN,
 * document, route and outcome, readable by its company at GET /api/svc/audit, with no secret in it.
 */
import { describe, expect, it } from 'vitest';
import { authB, example, targets, world } from './harness.js';

const E = '/api/svc/einvoice';
const SELLER = '29AAGCK4821M1Z4';
const EWB_FROM = '33AAHCT2290K1Z6';

describe('the audit log of state-changing calls', () => {
  it('records generate IRN, cancel IRN, e-waybill generate and cancel, with their documents and outcomes, and no secrets', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      const inv = example('irn');
      delete inv['EwbDtls'];
      const irn = await call('POST', `${E}/generateirn`, { body: inv });
      expect(irn.status, irn.text).toBe(200);
      const dup = await call('POST', `${E}/generateirn`, { body: inv });
      expect(dup.status).toBe(409);
      const cancelled = await call('POST', `${E}/cancelirn?gstin=${SELLER}`, { body: { ...example('cancel-irn'), Irn: irn.body.Irn } });
      expect(cancelled.status, cancelled.text).toBe(200);
      const ewb = await call('POST', `${E}/generateewaybill?gstin=${EWB_FROM}`, { body: example('ewb') });
      expect(ewb.status, ewb.text).toBe(200);
      const cancelEwb = await call('POST', `${E}/cancelewb?gstin=${EWB_FROM}`, { body: { ...example('cancel-ewb'), ewbNo: ewb.body.EwbNo } });
      expect(cancelEwb.status, cancelEwb.text).toBe(200);
      // A read is not audited; a refusal for another company's GSTIN is.
      await call('GET', `${E}/getirn?gstin=${SELLER}&irn=${irn.body.Irn}`);
      const foreign = await call('POST', `${E}/cancelirn?gstin=29AADCN7314Q1ZU`, { body: { ...example('cancel-irn'), Irn: irn.body.Irn } });
      expect(foreign.status).toBe(403);

      const log = await call('GET', '/api/svc/audit');
      expect(log.status, log.text).toBe(200);
      const entries = log.body.entries as Array<Record<string, unknown>>;
      expect(entries.map((e) => e['operation'])).toEqual(['cancelIrn', 'cancelEwb', 'generateEwaybill', 'cancelIrn', 'generateIrn', 'generateIrn']);
      const [foreignEntry, cancelEwbEntry, ewbEntry, cancelIrnEntry, dupEntry, irnEntry] = entries;
      const docNo = (inv['DocDtls'] as Record<string, string>)['No'];
      expect(irnEntry).toMatchObject({
        keyId: 'keyA',
        companyId: 'acme',
        method: 'POST',
        path: `${E}/generateirn`,
        gstin: SELLER,
        status: 200,
        result: `IRN ${irn.body.Irn}`,
      });
      expect(irnEntry!['document']).toContain(docNo);
      expect(irnEntry!['code']).toBeUndefined();
      expect(dupEntry).toMatchObject({ operation: 'generateIrn', status: 409, code: '2150' });
      expect(dupEntry!['result']).toBeUndefined();
      expect(cancelIrnEntry).toMatchObject({ gstin: SELLER, document: `IRN ${irn.body.Irn}`, status: 200 });
      expect(ewbEntry).toMatchObject({ gstin: EWB_FROM, status: 200, result: `EWB ${ewb.body.EwbNo}` });
      expect(cancelEwbEntry).toMatchObject({ gstin: EWB_FROM, document: `EWB ${ewb.body.EwbNo}`, status: 200 });
      expect(foreignEntry).toMatchObject({ status: 403, code: 'SVC-943', gstin: '29AADCN7314Q1ZU' });
      for (const e of entries) expect(Date.parse(e['at'] as string)).toBe(w.clock.now().getTime());

      // Nothing secret, nothing of the bodies beyond the document's identity.
      expect(log.text).not.toContain('secretA');
      expect(log.text).not.toMatch(/authorization|Basic /i);
      expect(log.text).not.toContain((inv['BuyerDtls'] as Record<string, string>)['LglNm']);

      // Another company sees none of it.
      const other = await call('GET', '/api/svc/audit', { auth: authB });
      expect(other.body.entries).toEqual([]);
    } finally {
      await close();
    }
  });

  it('records a call refused for a bad body, and pages through the log', async () => {
    const w = world();
    const { call, close } = await targets[0]!.start(w.handler);
    try {
      const bad = await call('POST', `${E}/cancelewb?gstin=${EWB_FROM}`, { body: { ewbNo: 'x' } });
      expect(bad.status).toBe(400);
      for (let i = 0; i < 4; i++) await call('POST', `${E}/cancelewb?gstin=${EWB_FROM}`, { body: { ...example('cancel-ewb'), ewbNo: `30000000000${i}` } });
      const page1 = await call('GET', '/api/svc/audit?limit=3');
      expect(page1.body.entries).toHaveLength(3);
      const page2 = await call('GET', `/api/svc/audit?${page1.body.next}`);
      expect(page2.body.entries).toHaveLength(2);
      expect(page2.body.entries[1]).toMatchObject({ operation: 'cancelEwb', status: 400, document: 'EWB x' });
      expect(page2.body.entries[1].code).toMatch(/^(SVC-|\d)/);
      const seqs = [...page1.body.entries, ...page2.body.entries].map((e: { seq: number }) => e.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
      expect((await call('GET', '/api/svc/audit?since=2099-01-01')).body.entries).toEqual([]);
      const wrong = await call('GET', '/api/svc/audit?limit=0');
      expect(wrong.status).toBe(400);
      expect(wrong.headers.get('svc-errorcode')).toBe('SVC-902');
      expect((await call('GET', '/api/svc/audit', { auth: null })).status).toBe(401);
    } finally {
      await close();
    }
  });
});
