/**
 * The GSTR-1 build from IRN payloads on every runtime.
 * @module
 */
import { buildGstr1, gstr1Totals } from '../../src/gstr1/index.js';
import { BUYER_KA, BUYER_TN, irn, SELLER } from '../gstr1/helpers.js';
import { describe, expect, it, same } from './harness.js';

describe('GSTR-1', () => {
  it('builds the b2b section from IRN payloads, CGST and SGST within the state', () => {
    const res = buildGstr1(
      [
        irn({
          no: 'KC/0001',
          date: '05/11/2026',
          buyer: BUYER_KA,
          lines: [
            { rate: 18, taxable: 1000 },
            { rate: 5, taxable: 200 },
            { rate: 18, taxable: 500 },
          ],
        }),
        irn({ no: 'KC/0002', date: '06/11/2026', buyer: BUYER_TN, lines: [{ rate: 18, taxable: 1000 }] }),
      ],
      { gstin: SELLER, period: '112026' },
    );
    expect(res.errors).toEqual([]);
    const ka = res.json.b2b?.find((b) => b.ctin === BUYER_KA);
    expect(ka?.inv[0]?.val).toBe(1980);
    const tn = res.json.b2b?.find((b) => b.ctin === BUYER_TN);
    expect(tn?.inv[0]?.itms[0]?.itm_det.iamt).toBe(180);
    same('gstr1', res.json);
    same('gstr1 totals', gstr1Totals(res.json));
  });
});
