import { describe, expect, test } from 'vitest';
import { einvoiceRules } from '../../src/rules/einvoice/index.js';
import { paymentQrRules } from '../../src/rules/payment-qr.js';
import { applyRules } from '../../src/rules/apply.js';
import { checkAmounts, completeInvoice, type IrnDraft } from '../../src/compute/index.js';
import { createHsnMaster, useHsnMaster } from '../../src/masters/index.js';
import type { Rule, RuleContext } from '../../src/rules/rule.js';
import { BUYER_MH, ECOM_TCS, SELLER, b2cDoc, context, exportDoc, gstin, inter, intra, loose, rawIntra, sezDoc } from './einvoice-fixtures.js';

interface Case {
  /** A document the rule accepts (default: the intra-state invoice). */
  pass?: () => IrnDraft;
  /** A document the rule refuses. */
  fail: () => IrnDraft;
  context?: RuleContext;
  /** Set up and tear down around the rule run (for the HSN master). */
  around?: (run: () => void) => void;
}

/** Changes a copy of a document. */
const edit = (make: () => IrnDraft, change: (doc: Record<string, any>) => void) => (): IrnDraft => {
  const doc = make();
  change(loose(doc));
  return doc;
};

/** The intra-state invoice with e-waybill details (road, Part-A and Part-B), changed as given (undefined removes a key). */
const withEwb = (change: Record<string, unknown>) => (): IrnDraft => {
  const doc = intra();
  const details: Record<string, unknown> = { TransId: SELLER, TransName: 'Road Movers', TransMode: '1', Distance: 150, VehNo: 'KA01AB1234', VehType: 'R' };
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined) delete details[key];
    else details[key] = value;
  }
  loose(doc).EwbDtls = details;
  return doc;
};

const cases: Record<string, Case> = {
  'EINV-DOC-TYPE': { fail: edit(intra, (d) => (d.DocDtls.Typ = 'BIL')) },
  'EINV-DOC-NO': { fail: edit(intra, (d) => (d.DocDtls.No = '0KA/24/1')) },
  'EINV-DOC-DATE': { fail: edit(intra, (d) => (d.DocDtls.Dt = '31/02/2024')) },
  'EINV-DOC-DATE-FUTURE': { fail: edit(intra, (d) => (d.DocDtls.Dt = '21/06/2024')) },
  'EINV-DOC-DATE-WINDOW': {
    context: { today: '20/06/2024', reportingWindowDays: 30 },
    pass: edit(intra, (d) => (d.DocDtls.Dt = '21/05/2024')),
    fail: edit(intra, (d) => (d.DocDtls.Dt = '20/05/2024')),
  },
  'EINV-SUPPLY-B2C': { fail: edit(intra, (d) => (d.TranDtls.SupTyp = 'B2C')) },
  'EINV-POS-VALID': { fail: edit(intra, (d) => (d.BuyerDtls.Pos = '55')) },
  'EINV-POS-DOMESTIC': { fail: edit(inter, (d) => (d.BuyerDtls.Pos = '96')) },
  'EINV-EXP-POS': { pass: exportDoc, fail: edit(exportDoc, (d) => (d.BuyerDtls.Pos = '27')) },
  'EINV-EXP-BUYER-STCD': { pass: exportDoc, fail: edit(exportDoc, (d) => (d.BuyerDtls.Stcd = '27')) },
  'EINV-EXP-URP': { pass: exportDoc, fail: edit(exportDoc, (d) => (d.BuyerDtls.Gstin = BUYER_MH)) },
  'EINV-EXP-PIN': { pass: exportDoc, fail: edit(exportDoc, (d) => (d.BuyerDtls.Pin = 560001)) },
  'EINV-EXP-DETAILS': { pass: exportDoc, fail: edit(exportDoc, (d) => delete d.ExpDtls) },
  'EINV-EXP-SHIP': { pass: exportDoc, fail: edit(exportDoc, (d) => (d.ShipDtls.Stcd = '96')) },
  'EINV-EXP-INTRA': { pass: exportDoc, fail: edit(exportDoc, (d) => (d.BuyerDtls.Pos = '29')) },
  'EINV-IGST-ON-INTRA': {
    pass: edit(intra, (d) => (d.TranDtls.IgstOnIntra = 'Y')),
    fail: edit(inter, (d) => (d.TranDtls.IgstOnIntra = 'Y')),
  },
  'EINV-REVERSE-CHARGE': {
    pass: edit(intra, (d) => (d.TranDtls.RegRev = 'Y')),
    fail: edit(exportDoc, (d) => (d.TranDtls.RegRev = 'Y')),
  },
  'EINV-SELLER-GSTIN': { fail: edit(intra, (d) => (d.SellerDtls.Gstin = SELLER.slice(0, 14) + (SELLER.endsWith('A') ? 'B' : 'A'))) },
  'EINV-BUYER-GSTIN': { fail: edit(intra, (d) => (d.BuyerDtls.Gstin = '29AABCT5678D1Z' + (d.BuyerDtls.Gstin.endsWith('A') ? 'B' : 'A'))) },
  'EINV-SELLER-URP': { fail: edit(intra, (d) => (d.SellerDtls.Gstin = 'URP')) },
  'EINV-GSTIN-SAME': { fail: edit(intra, (d) => (d.BuyerDtls.Gstin = SELLER)) },
  'EINV-BUYER-GSTIN-REQUIRED': { fail: edit(intra, (d) => delete d.BuyerDtls.Gstin) },
  'EINV-B2B-URP': { fail: edit(intra, (d) => (d.BuyerDtls.Gstin = 'URP')) },
  'EINV-DEXP-URP': {
    pass: edit(intra, (d) => (d.TranDtls.SupTyp = 'DEXP')),
    fail: edit(intra, (d) => ((d.TranDtls.SupTyp = 'DEXP'), (d.BuyerDtls.Gstin = 'URP'))),
  },
  'EINV-SELLER-STATE': { fail: edit(intra, (d) => (d.SellerDtls.Gstin = gstin('27AAACB1234C1Z'))) },
  'EINV-BUYER-STATE': { fail: edit(intra, (d) => (d.BuyerDtls.Gstin = BUYER_MH)) },
  'EINV-SELLER-STCD': { fail: edit(intra, (d) => (d.SellerDtls.Stcd = '96')) },
  'EINV-BUYER-STCD': { fail: edit(intra, (d) => (d.BuyerDtls.Stcd = '55')) },
  'EINV-SHIP-DISP-STCD': {
    fail: edit(intra, (d) => (d.DispDtls = { Nm: 'Works', Addr1: 'Hosur Road', Loc: 'Bengaluru', Pin: 560068, Stcd: '55' })),
  },
  'EINV-PIN-STATE': { fail: edit(intra, (d) => (d.BuyerDtls.Pin = 400001)) },
  'EINV-ECM-GSTIN': {
    pass: edit(intra, (d) => (d.TranDtls.EcmGstin = ECOM_TCS)),
    fail: edit(intra, (d) => (d.TranDtls.EcmGstin = BUYER_MH)),
  },
  'EINV-ITEMS-EMPTY': { fail: edit(intra, (d) => (d.ItemList = [])) },
  'EINV-ITEMS-MAX': {
    fail: () => {
      const doc = rawIntra();
      doc.ItemList = Array.from({ length: 1001 }, (_, i) => ({ ...doc.ItemList![0], SlNo: String(i + 1) }));
      return completeInvoice(doc);
    },
  },
  'EINV-SLNO-UNIQUE': { fail: edit(intra, (d) => (d.ItemList[2].SlNo = '1')) },
  'EINV-HSN-CHAPTER': { fail: edit(intra, (d) => (d.ItemList[1].HsnCd = '7700')) },
  'EINV-HSN-MASTER': {
    fail: edit(intra, (d) => (d.ItemList[0].HsnCd = '84719999')),
    around: (run) => {
      useHsnMaster(
        createHsnMaster([
          { code: '84713010', description: 'Laptops', kind: 'goods' },
          { code: '85444999', description: 'Conductors', kind: 'goods' },
          { code: '998719', description: 'Installation', kind: 'service' },
        ] as never),
      );
      try {
        run();
      } finally {
        useHsnMaster(undefined);
      }
    },
  },
  'EINV-HSN-SERVICE': { fail: edit(intra, (d) => (d.ItemList[2].IsServc = 'N')) },
  'EINV-UNIT': { pass: edit(intra, (d) => (d.ItemList[0].Unit = 'nos')), fail: edit(intra, (d) => (d.ItemList[0].Unit = 'XYZ')) },
  'EINV-MASTER-CASE': {
    pass: edit(intra, (d) => (d.ItemList[0].Unit = 'XYZZY')),
    fail: edit(intra, (d) => {
      d.ItemList[0].Unit = 'Nos';
      loose(d.ItemList[0]).OrgCntry = 'in';
    }),
  },
  'IRN-SPEC-LIMITS': {
    pass: edit(intra, (d) => (d.ItemList[0].UnitPrice = 1234567890.12)),
    fail: edit(intra, (d) => {
      d.ItemList[0].UnitPrice = 10.125;
      d.SellerDtls.Pin = 560001.5;
    }),
  },
  'EINV-REPORTING-LIMIT-100CR': { pass: edit(intra, (d) => (d.DocDtls.Dt = '21/05/2024')), fail: edit(intra, (d) => (d.DocDtls.Dt = '20/05/2024')) },
  'EINV-REPORTING-LIMIT-10CR': { pass: edit(intra, (d) => (d.DocDtls.Dt = '21/05/2024')), fail: edit(intra, (d) => (d.DocDtls.Dt = '20/05/2024')) },
  'EINV-HSN-DIGITS': { fail: edit(intra, (d) => (d.ItemList[0].HsnCd = '8471')) },
  'EINV-CESS-ENDED': {
    pass: edit(intra, (d) => ((d.ItemList[1].CesRt = 0), (d.ItemList[1].CesAmt = 0), (d.ItemList[1].CesNonAdvlAmt = 0))),
    fail: intra,
  },
  'EINV-CESS-ENDED-TOBACCO': { fail: edit(intra, (d) => (d.ItemList[1].HsnCd = '24022090')) },
  'EINV-QTY': { pass: edit(intra, (d) => (d.ItemList[0].Qty = 0)), fail: edit(intra, (d) => delete d.ItemList[0].Qty) },
  'EINV-EWB-DISTANCE': { pass: withEwb({}), fail: withEwb({ Distance: 4500 }) },
  'EINV-EWB-TRANSMODE-NEEDED': { pass: withEwb({}), fail: withEwb({ TransMode: undefined }) },
  'EINV-EWB-ROAD-VEHNO': { pass: withEwb({}), fail: withEwb({ VehNo: undefined }) },
  'EINV-EWB-ROAD-VEHTYPE': { pass: withEwb({}), fail: withEwb({ VehType: undefined }) },
  'EINV-EWB-NONROAD-DOCNO': {
    pass: withEwb({ TransMode: '2', VehNo: undefined, TransDocNo: 'RR1234', TransDocDt: '15/06/2024' }),
    fail: withEwb({ TransMode: '2', VehNo: undefined, TransDocDt: '15/06/2024' }),
  },
  'EINV-EWB-NONROAD-DOCDT': {
    pass: withEwb({ TransMode: '3', VehNo: undefined, TransDocNo: 'AWB1', TransDocDt: '15/06/2024' }),
    fail: withEwb({ TransMode: '3', VehNo: undefined, TransDocNo: 'AWB1' }),
  },
  'EINV-EWB-VEHNO-FORMAT': { pass: withEwb({}), fail: withEwb({ VehNo: 'KA 01 AB 1234' }) },
  'EINV-EWB-VEHTYPE': { pass: withEwb({}), fail: withEwb({ VehType: 'X' }) },
  'EINV-EWB-ODC-ROAD': {
    pass: withEwb({ VehType: 'O' }),
    fail: withEwb({ TransMode: '4', VehNo: undefined, VehType: 'O', TransDocNo: 'BL1', TransDocDt: '15/06/2024' }),
  },
  'EINV-EWB-PARTA-TRANSID': {
    pass: withEwb({ TransMode: undefined, VehNo: undefined, VehType: undefined }),
    fail: withEwb({ TransMode: undefined, VehNo: undefined, VehType: undefined, TransId: undefined }),
  },
  'EINV-EWB-TRANSID': { pass: withEwb({}), fail: withEwb({ TransId: 'ABC' }) },
  'EINV-EWB-TRANSDOCDT-FORMAT': { pass: withEwb({}), fail: withEwb({ TransDocDt: '31/02/2024' }) },
  'EINV-EWB-TRANSDOCDT-FUTURE': { pass: withEwb({}), fail: withEwb({ TransDocDt: '21/06/2024' }) },
  'EINV-UNIT-REQUIRED': { fail: edit(intra, (d) => delete d.ItemList[0].Unit) },
  'EINV-TAX-INTRA': { fail: edit(intra, (d) => (d.ItemList[0].IgstAmt = 10)) },
  'EINV-TAX-INTRA-HEADS': { fail: edit(intra, (d) => ((d.ItemList[0].CgstAmt = 0), (d.ItemList[0].SgstAmt = 0))) },
  'EINV-TAX-INTER': { pass: inter, fail: edit(inter, (d) => ((d.ItemList[0].CgstAmt = 5), (d.ItemList[0].SgstAmt = 5))) },
  'EINV-EXP-CGST': { pass: exportDoc, fail: edit(exportDoc, (d) => ((d.ItemList[0].CgstAmt = 5), (d.ItemList[0].SgstAmt = 5))) },
  'EINV-SEZ-CGST': { pass: sezDoc, fail: edit(sezDoc, (d) => ((d.ItemList[0].CgstAmt = 5), (d.ItemList[0].SgstAmt = 5))) },
  'EINV-TAX-CGST-SGST': { fail: edit(intra, (d) => (d.ItemList[0].SgstAmt += 0.01)) },
  'EINV-RATE': { fail: edit(intra, (d) => (d.ItemList[0].GstRt = 17)) },
  'EINV-ITEM-TOTAMT': { fail: edit(intra, (d) => (d.ItemList[0].TotAmt += 2.5)) },
  'EINV-ITEM-ASSAMT': { fail: edit(intra, (d) => (d.ItemList[0].AssAmt -= 3)) },
  'EINV-ITEM-GST': { fail: edit(intra, (d) => ((d.ItemList[0].CgstAmt += 5), (d.ItemList[0].SgstAmt += 5))) },
  'EINV-ITEM-IGST': { pass: inter, fail: edit(inter, (d) => (d.ItemList[0].IgstAmt += 5)) },
  'EINV-ITEM-CESS': { fail: edit(intra, (d) => (d.ItemList[1].CesAmt += 3)) },
  'EINV-ITEM-STATECESS': {
    pass: edit(intra, (d) => ((d.ItemList[0].StateCesRt = 1), (d.ItemList[0].StateCesAmt = 900.01))),
    fail: edit(intra, (d) => ((d.ItemList[0].StateCesRt = 1), (d.ItemList[0].StateCesAmt = 880))),
  },
  'EINV-ITEM-TOTAL': { fail: edit(intra, (d) => (d.ItemList[2].TotItemVal += 2.01)) },
  'EINV-TOTAL-ASSVAL': { fail: edit(intra, (d) => (d.ValDtls.AssVal += 2.5)) },
  'EINV-TOTAL-SGST': { fail: edit(intra, (d) => (d.ValDtls.SgstVal -= 2.5)) },
  'EINV-TOTAL-CGST': { fail: edit(intra, (d) => (d.ValDtls.CgstVal -= 2.5)) },
  'EINV-TOTAL-IGST': { pass: inter, fail: edit(inter, (d) => (d.ValDtls.IgstVal += 2.5)) },
  'EINV-TOTAL-CESS': { fail: edit(intra, (d) => (d.ValDtls.CesVal += 5)) },
  'EINV-TOTAL-STCESS': { fail: edit(intra, (d) => (d.ValDtls.StCesVal = 10)) },
  'EINV-TOTAL-NONADVL-CESS': {
    fail: () => {
      const doc = rawIntra();
      doc.ItemList![1]!.CesNonAdvlAmt = 40;
      const done = completeInvoice(doc);
      loose(done).ValDtls.CesVal = loose(done).ItemList[1].CesAmt;
      return done;
    },
  },
  'EINV-TOTAL-INVVAL': { fail: edit(intra, (d) => (d.ValDtls.TotInvVal += 2.5)) },
  'EINV-DISCOUNT': {
    fail: edit(intra, (d) => {
      d.ValDtls.Discount = 200000;
      d.ValDtls.TotInvVal = 0;
      d.ValDtls.RndOffAmt = 0;
    }),
  },
};

function runs(rule: Rule, c: Case, doc: IrnDraft): ReturnType<Rule['check']> {
  let issues: ReturnType<Rule['check']> = [];
  const run = (): void => {
    issues = rule.check(doc, c.context ?? context);
  };
  if (c.around) c.around(run);
  else run();
  return issues;
}

describe('e-invoice rules', () => {
  test('every rule has a case, a unique id and a code', () => {
    const ids = einvoiceRules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(cases).sort()).toEqual([...ids].sort());
    for (const rule of einvoiceRules) expect(rule.code).toMatch(/^(\d{4}|SVC-3\d\d|SVC-152)$/);
  });

  test('the base documents pass every rule in force on their date', () => {
    for (const make of [intra, inter, exportDoc, sezDoc]) {
      const doc = make();
      const issues = applyRules('irn', doc, context);
      expect(issues).toEqual([]);
      expect(checkAmounts(doc)).toEqual([]);
    }
  });

  for (const rule of einvoiceRules) {
    test(rule.id, () => {
      const c = cases[rule.id];
      expect(c, `no case for ${rule.id}`).toBeDefined();
      const good = (c!.pass ?? intra)();
      expect(runs(rule, c!, good)).toEqual([]);
      const bad = c!.fail();
      const issues = runs(rule, c!, bad);
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues) {
        expect(issue.code).toBe(rule.code);
        expect(issue.severity).toBe(rule.severity);
        expect(issue.path).toMatch(/^\/[A-Za-z]/);
        expect(issue.message.length).toBeGreaterThan(10);
      }
    });
  }
});

describe('payment QR rules', () => {
  test('a B2C invoice passes every payment QR rule', () => {
    const doc = b2cDoc();
    expect(paymentQrRules.flatMap((r) => r.check(doc, context))).toEqual([]);
  });

  test('PQR-SUPPLY-B2C', () => {
    const rule = paymentQrRules.find((r) => r.id === 'PQR-SUPPLY-B2C')!;
    expect(rule.check(b2cDoc(), context)).toEqual([]);
    expect(rule.check(intra(), context).map((i) => i.code)).toEqual(['SVC-310']);
  });

  test('PQR-BUYER-GSTIN', () => {
    const rule = paymentQrRules.find((r) => r.id === 'PQR-BUYER-GSTIN')!;
    const nullGstin = b2cDoc();
    loose(nullGstin).BuyerDtls.Gstin = null;
    expect(rule.check(nullGstin, context)).toEqual([]);
    expect(rule.check(intra(), context).map((i) => i.code)).toEqual(['SVC-311']);
  });

  test('reuses the arithmetic, rate, date, HSN and unit rules', () => {
    const ids = new Set(paymentQrRules.map((r) => r.id));
    for (const id of ['EINV-ITEM-TOTAL', 'EINV-TOTAL-INVVAL', 'EINV-RATE', 'EINV-DOC-DATE-FUTURE', 'EINV-HSN-CHAPTER', 'EINV-UNIT']) {
      expect(ids.has(id)).toBe(true);
    }
    expect(ids.has('EINV-SUPPLY-B2C')).toBe(false);
    const doc = b2cDoc();
    loose(doc).ItemList[0].TotItemVal += 5;
    expect(paymentQrRules.flatMap((r) => r.check(doc, context)).map((i) => i.code)).toContain('2194');
  });
});

describe('line rules on a document that changes between checks', () => {
  const unit = einvoiceRules.find((r) => r.id === 'EINV-UNIT')!;
  const slNo = einvoiceRules.find((r) => r.id === 'EINV-SLNO-UNIQUE')!;

  test('a line replaced, added or removed in the same list is seen by the next check', () => {
    const doc = loose(intra());
    const lines = doc.ItemList as Array<Record<string, any>>;
    expect(unit.check(doc, context)).toEqual([]);
    lines[0] = { ...lines[0], Unit: 'XYZ' };
    expect(unit.check(doc, context).map((i) => i.path)).toEqual(['/ItemList/0/Unit']);
    lines.push({ ...lines[0], Unit: 'NOS' });
    expect(slNo.check(doc, context).map((i) => i.path)).toEqual([`/ItemList/${lines.length - 1}/SlNo`]);
    lines.pop();
    expect(slNo.check(doc, context)).toEqual([]);
    (lines as unknown[])[0] = 'not a line';
    expect(unit.check(doc, context)).toEqual([]);
  });
});
