import { describe, expect, it } from 'vitest';
import { validate, type ValidateOptions } from '../../src/index.js';
import { completeInvoice, irnOf, type IrnDraft } from '../../src/compute/index.js';
import { SELLER, intra, loose, rawIntra } from './einvoice-fixtures.js';

const crore = 10_000_000;

/** The intra-state invoice dated `dt`, with `change` applied before its amounts are computed. */
function invoice(dt: string, change: (d: Record<string, any>) => void = () => undefined): IrnDraft {
  const raw = rawIntra();
  raw.DocDtls = { ...raw.DocDtls!, Dt: dt };
  change(raw as Record<string, any>);
  return completeInvoice(raw, { roundOff: 'rupee' });
}

const issues = (doc: unknown, options: ValidateOptions) => {
  const r = validate('irn', doc, options);
  return { errors: r.errors.map((e) => e.code), warnings: r.warnings.map((w) => w.code) };
};

describe('2305: the 30-day reporting limit', () => {
  it('from 01/04/2025, AATO of 10 crore or more: day 30 is accepted, day 31 refused', () => {
    expect(issues(invoice('01/04/2025'), { today: '01/05/2025', aato: 10 * crore }).errors).not.toContain('2305');
    expect(issues(invoice('31/03/2025'), { today: '01/05/2025', aato: 10 * crore }).errors).toContain('2305');
  });

  it('below 10 crore it does not apply', () => {
    expect(issues(invoice('01/01/2025'), { today: '01/05/2025', aato: 10 * crore - 1 })).toEqual({ errors: [], warnings: [] });
  });

  it('before 01/04/2025 only AATO of 100 crore or more was bound (from 01/11/2023)', () => {
    expect(issues(invoice('01/02/2025'), { today: '31/03/2025', aato: 50 * crore }).errors).not.toContain('2305');
    expect(issues(invoice('01/02/2025'), { today: '31/03/2025', aato: 100 * crore }).errors).toContain('2305');
    expect(issues(invoice('01/09/2023'), { today: '31/10/2023', aato: 100 * crore }).errors).not.toContain('2305');
    expect(issues(invoice('01/10/2023'), { today: '01/11/2023', aato: 100 * crore }).errors).toContain('2305');
  });

  it('without a turnover it warns', () => {
    const found = issues(invoice('01/01/2026'), { today: '20/11/2026' });
    expect(found.errors).not.toContain('2305');
    expect(found.warnings).toContain('2305');
  });

  it('an explicit reportingWindowDays replaces the turnover rules', () => {
    const found = issues(invoice('01/11/2026'), { today: '20/11/2026', reportingWindowDays: 7 });
    expect(found.errors).toEqual(['2305']);
  });
});

describe('HSN digits by turnover (from 15/12/2023)', () => {
  const fourDigit = (dt: string) => invoice(dt, (d) => (d.ItemList[0].HsnCd = '8471'));
  it('above 5 crore a 4-digit HSN is refused', () => {
    expect(issues(fourDigit('20/06/2024'), { today: '20/06/2024', aato: 5 * crore + 1 }).errors).toContain('SVC-313');
  });
  it('at 5 crore or below, without a turnover, or before 15/12/2023 it is accepted', () => {
    expect(issues(fourDigit('20/06/2024'), { today: '20/06/2024', aato: 5 * crore }).errors).not.toContain('SVC-313');
    expect(issues(fourDigit('20/06/2024'), { today: '20/06/2024' }).errors).not.toContain('SVC-313');
    expect(issues(fourDigit('14/12/2023'), { today: '20/12/2023', aato: 50 * crore }).errors).not.toContain('SVC-313');
    expect(issues(fourDigit('15/12/2023'), { today: '20/12/2023', aato: 50 * crore }).errors).toContain('SVC-313');
  });
});

describe('rates of 22/09/2025', () => {
  const at40 = (dt: string) => invoice(dt, (d) => d.ItemList.forEach((i: Record<string, unknown>) => (i.GstRt = 40)));
  it('40% is accepted from 22/09/2025 and refused before (2240)', () => {
    expect(issues(at40('22/09/2025'), { today: '22/09/2025' }).errors).toEqual([]);
    expect(issues(at40('21/09/2025'), { today: '22/09/2025' }).errors).toContain('2240');
  });
});

describe('compensation cess ends (warnings)', () => {
  const tobacco = (dt: string) =>
    invoice(dt, (d) => {
      d.ItemList = [{ SlNo: '1', PrdDesc: 'Cigarettes', IsServc: 'N', HsnCd: '24022090', Qty: 10, Unit: 'NOS', UnitPrice: 100, GstRt: 28, CesRt: 5 }];
      d.ValDtls = {};
    });
  it('for most goods from 22/09/2025', () => {
    expect(issues(invoice('21/09/2025'), { today: '21/09/2025' }).warnings).not.toContain('SVC-312');
    const on = issues(invoice('22/09/2025'), { today: '22/09/2025', strict: true });
    expect(on.warnings).toContain('SVC-312');
    expect(on.errors).not.toContain('SVC-312');
  });
  it('for tobacco and pan masala from 01/02/2026', () => {
    expect(issues(tobacco('31/01/2026'), { today: '31/01/2026' }).warnings).not.toContain('SVC-312');
    expect(issues(tobacco('01/02/2026'), { today: '01/02/2026' }).warnings).toContain('SVC-312');
  });
});

describe('goods valued on retail sale price from 01/02/2026', () => {
  const rsp = (dt: string) =>
    invoice(dt, (d) => {
      d.ItemList = [{ SlNo: '1', PrdDesc: 'Cigarettes', IsServc: 'N', HsnCd: '24022090', Qty: 10, Unit: 'NOS', UnitPrice: 100, GstRt: 40 }];
      d.ValDtls = {};
    });
  const taxedOnRsp = (dt: string) => {
    const doc = rsp(dt);
    // Tax on the retail sale price, not on AssAmt: more than AssAmt x rate.
    const item = loose(doc).ItemList[0];
    item.CgstAmt += 100;
    item.SgstAmt += 100;
    item.TotItemVal += 200;
    loose(doc).ValDtls.CgstVal += 100;
    loose(doc).ValDtls.SgstVal += 100;
    loose(doc).ValDtls.TotInvVal += 200;
    return doc;
  };
  it('the IRP skips the tax amount and item total checks (2234, 2194) from that date', () => {
    expect(issues(taxedOnRsp('01/02/2026'), { today: '01/02/2026' }).errors).toEqual([]);
  });
  it('and applies them the day before', () => {
    const doc = taxedOnRsp('31/01/2026');
    loose(doc).ItemList[0].GstRt = 28;
    expect(issues(doc, { today: '31/01/2026' }).errors).toContain('2234');
  });
});

describe('document numbers without regard to case from 01/06/2025', () => {
  it('inv/1 and INV/1 have one IRN when reported from 01/06/2025, two before', () => {
    expect(irnOf(SELLER, 'INV', 'inv/1', '30/05/2025', '01/06/2025')).toBe(irnOf(SELLER, 'INV', 'INV/1', '30/05/2025', '01/06/2025'));
    expect(irnOf(SELLER, 'INV', 'inv/1', '30/05/2025', '31/05/2025')).not.toBe(irnOf(SELLER, 'INV', 'INV/1', '30/05/2025', '31/05/2025'));
  });
  it('upper case documents keep the IRN they always had', () => {
    expect(irnOf('24AACCT6304M1ZB', 'INV', 'SAJ/2023/0627', '18/12/2023', '20/11/2026')).toBe(
      irnOf('24AACCT6304M1ZB', 'INV', 'SAJ/2023/0627', '18/12/2023', '18/12/2023'),
    );
  });
  it('the base invoice is unaffected', () => {
    expect(issues(intra(), { today: '20/06/2024' })).toEqual({ errors: [], warnings: [] });
  });
});
