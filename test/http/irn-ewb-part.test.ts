import { describe, expect, it } from 'vitest';
import { validate } from '../../src/validate.js';
import { A_GSTINS, example, targets, world } from './harness.js';

const E = '/api/svc/einvoice';
const [SELLER] = A_GSTINS as [string];

/** The example invoice with a Part-A only e-waybill part and no transporter: what the e-waybill system refuses with 4019. */
function partAWithoutTransporter(docNo: string): Record<string, unknown> {
  const inv = example('irn');
  (inv['DocDtls'] as Record<string, unknown>)['No'] = docNo;
  inv['EwbDtls'] = { Distance: 120 };
  return inv;
}

describe("the IRP's e-waybill part (issue: EwbDtls the e-waybill system would refuse)", () => {
  it('validates the IRN request as valid, with warning 4019 at EwbDtls', () => {
    const result = validate('irn', partAWithoutTransporter('KCPL/26-27/0501'), { today: '14/11/2026' });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toContainEqual(expect.objectContaining({ code: '4019', path: '/EwbDtls/TransId', severity: 'warning' }));
  });

  it('the sandbox registers the IRN without an e-waybill and answers InfoDtls EWBERR with 4019', async () => {
    const { handler } = world();
    const { call, close } = await targets[0]!.start(handler);
    try {
      const r = await call('POST', `${E}/generateirn`, { body: partAWithoutTransporter('KCPL/26-27/0502') });
      expect(r.status, r.text).toBe(200);
      expect(r.body.Irn).toMatch(/^[0-9a-f]{64}$/);
      expect(r.body.EwbNo).toBeUndefined();
      expect(r.body.InfoDtls).toEqual([{ InfCd: 'EWBERR', Desc: [expect.objectContaining({ ErrorCode: '4019' })] }]);
      expect(validate('irn-record', r.body).errors).toEqual([]);
      const withTransporter = partAWithoutTransporter('KCPL/26-27/0503');
      withTransporter['EwbDtls'] = { Distance: 120, TransId: SELLER };
      const ok = await call('POST', `${E}/generateirn`, { body: withTransporter });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.InfoDtls).toBeUndefined();
      expect(ok.body.EwbNo).toBeDefined();
    } finally {
      await close();
    }
  });
});
