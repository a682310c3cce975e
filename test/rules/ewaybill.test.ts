import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ewaybillRules } from '../../src/rules/ewaybill/index.js';
import type { RuleContext } from '../../src/rules/rule.js';
import { changed, context, ewbBase, OTHER_KA, RECIPIENT, runAll, ruleById, SUPPLIER, withWrongCheckChar } from './ewaybill-fixtures.js';

type Doc = Record<string, any>;

/** Per rule id: how to break the base document (and, optionally, a passing variant other than the base). */
const cases: Record<string, { fail: (d: Doc) => void; pass?: (d: Doc) => void; path?: string; ctx?: RuleContext }> = {
  'EWB-SUBSUPPLY-FOR-SUPPLY': { fail: (d) => (d.subSupplyType = '2'), path: '/subSupplyType' },
  'EWB-DOCTYPE-FOR-SUPPLY': { fail: (d) => (d.docType = 'BOE'), path: '/docType' },
  'EWB-DOCTYPE-FOR-SUBSUPPLY': {
    fail: (d) => (d.docType = 'CHL'),
    pass: (d) => ((d.subSupplyType = '4'), (d.docType = 'CHL')),
    path: '/docType',
  },
  'EWB-SUBSUPPLY-DESC': {
    fail: (d) => ((d.subSupplyType = '8'), (d.docType = 'CHL')),
    pass: (d) => ((d.subSupplyType = '8'), (d.docType = 'CHL'), (d.subSupplyDesc = 'Replacement parts')),
    path: '/subSupplyDesc',
  },
  'EWB-TXN-REGULAR-FROM': { fail: (d) => (d.actFromStateCode = 33), path: '/actFromStateCode' },
  'EWB-TXN-REGULAR-TO': {
    fail: (d) => (d.actToStateCode = 33),
    pass: (d) => ((d.transactionType = 2), (d.actToStateCode = 33)),
    path: '/actToStateCode',
  },
  'EWB-TXN-REGULAR-SHIPTO': { fail: (d) => (d.shipToGstin = OTHER_KA), path: '/shipToGstin' },
  'EWB-TXN-SHIPTO-REQUIRED': {
    fail: (d) => (d.transactionType = 2),
    pass: (d) => ((d.transactionType = 2), (d.shipToGstin = 'URP')),
    path: '/shipToGstin',
  },
  'EWB-TXN-SHIPTO-GSTIN': {
    fail: (d) => ((d.transactionType = 2), (d.shipToGstin = withWrongCheckChar(OTHER_KA))),
    pass: (d) => ((d.transactionType = 2), (d.shipToGstin = OTHER_KA)),
    path: '/shipToGstin',
  },
  'EWB-TXN-SHIPTO-DIFFERS': {
    fail: (d) => ((d.transactionType = 2), (d.shipToGstin = RECIPIENT)),
    pass: (d) => ((d.transactionType = 2), (d.shipToGstin = OTHER_KA)),
    path: '/shipToGstin',
  },
  'EWB-TXN-DISPATCH-STATE': {
    fail: (d) => (d.transactionType = 3),
    pass: (d) => ((d.transactionType = 3), (d.actFromStateCode = 33), (d.fromPincode = 600001)),
    path: '/transactionType',
  },
  'EWB-FROM-GSTIN': {
    fail: (d) => (d.fromGstin = withWrongCheckChar(SUPPLIER)),
    pass: (d) => ((d.supplyType = 'I'), (d.fromGstin = 'URP')),
    path: '/fromGstin',
  },
  'EWB-TO-GSTIN': {
    fail: (d) => (d.toGstin = '29AABCT5678D1'),
    pass: (d) => (d.toGstin = 'URP'),
    path: '/toGstin',
  },
  'EWB-BOTH-URP': { fail: (d) => ((d.fromGstin = 'URP'), (d.toGstin = 'URP')), path: '/toGstin' },
  'EWB-FROM-STATE': { fail: (d) => (d.fromStateCode = 28), path: '/fromStateCode' },
  'EWB-TO-STATE': { fail: (d) => (d.toStateCode = 55), path: '/toStateCode' },
  'EWB-ACT-FROM-STATE': { fail: (d) => (d.actFromStateCode = '0'), path: '/actFromStateCode' },
  'EWB-ACT-TO-STATE': { fail: (d) => (d.actToStateCode = 25), path: '/actToStateCode' },
  'EWB-FROM-GSTIN-STATE': { fail: (d) => (d.fromStateCode = 33), path: '/fromStateCode' },
  'EWB-TO-GSTIN-STATE': { fail: (d) => (d.toStateCode = '33'), path: '/toStateCode' },
  'EWB-EXPORT-TO-STATE': {
    fail: (d) => ((d.subSupplyType = '3'), (d.toGstin = 'URP')),
    pass: (d) => ((d.subSupplyType = '3'), (d.toGstin = 'URP'), (d.toStateCode = 99), (d.toPincode = 999999)),
    path: '/toStateCode',
  },
  'EWB-EXPORT-TO-PIN': {
    fail: (d) => ((d.subSupplyType = '3'), (d.toStateCode = 96)),
    pass: (d) => ((d.subSupplyType = '3'), (d.toStateCode = 96), (d.toPincode = '999999')),
    path: '/toPincode',
  },
  'EWB-IMPORT-FROM-STATE': {
    fail: (d) => ((d.supplyType = 'I'), (d.subSupplyType = '2'), (d.docType = 'BOE')),
    pass: (d) => ((d.supplyType = 'I'), (d.subSupplyType = '2'), (d.fromStateCode = 99)),
    path: '/fromStateCode',
  },
  'EWB-IMPORT-FROM-PIN': {
    fail: (d) => ((d.supplyType = 'I'), (d.subSupplyType = '2')),
    pass: (d) => ((d.supplyType = 'I'), (d.subSupplyType = '2'), (d.fromPincode = 999999)),
    path: '/fromPincode',
  },
  'EWB-FROM-PIN': { fail: (d) => (d.fromPincode = '060001'), path: '/fromPincode' },
  'EWB-TO-PIN': { fail: (d) => (d.toPincode = 57001), path: '/toPincode' },
  'EWB-FROM-PIN-STATE': { fail: (d) => (d.fromPincode = 110001), path: '/fromPincode' },
  'EWB-TO-PIN-STATE': { fail: (d) => (d.toPincode = '400001'), path: '/toPincode' },
  'EWB-DISTANCE': { fail: (d) => (d.transDistance = 4001), pass: (d) => (d.transDistance = 0), path: '/transDistance' },
  'EWB-DISTANCE-SAME-PIN': {
    fail: (d) => (d.toPincode = 560001),
    pass: (d) => ((d.toPincode = 560001), (d.transDistance = 12)),
    path: '/transDistance',
  },
  'EWB-TRANSMODE': { fail: (d) => (d.transMode = '5'), path: '/transMode' },
  'EWB-TRANSMODE-FOR-VEHICLE': { fail: (d) => delete d.transMode, path: '/transMode' },
  'EWB-TRANSMODE-FOR-DOC': {
    fail: (d) => (delete d.transMode, delete d.vehicleNo, (d.transDocNo = 'LR4411')),
    path: '/transMode',
  },
  'EWB-ROAD-PARTB': {
    fail: (d) => (d.vehicleNo = ''),
    pass: (d) => ((d.vehicleNo = ''), (d.transDocNo = 'LR4411'), (d.transDocDate = '14/06/2024')),
    path: '/vehicleNo',
  },
  'EWB-NONROAD-DOCNO': {
    fail: (d) => (d.transMode = '2'),
    pass: (d) => ((d.transMode = '2'), (d.transDocNo = 'RR90871'), (d.transDocDate = '14/06/2024')),
    path: '/transDocNo',
  },
  'EWB-NONROAD-DOCDATE': {
    fail: (d) => ((d.transMode = '4'), (d.transDocNo = 'BL0042')),
    pass: (d) => ((d.transMode = '4'), (d.transDocNo = 'BL0042'), (d.transDocDate = '14/06/2024')),
    path: '/transDocDate',
  },
  'EWB-PARTA-TRANSPORTER': {
    fail: (d) => (delete d.transMode, delete d.vehicleNo, delete d.vehicleType),
    pass: (d) => (delete d.transMode, delete d.vehicleNo, delete d.vehicleType, (d.transporterId = OTHER_KA)),
    path: '/transporterId',
  },
  'EWB-TRANSPORTER-ID': { fail: (d) => (d.transporterId = 'TRANS-01'), pass: (d) => (d.transporterId = OTHER_KA), path: '/transporterId' },
  'EWB-VEHICLE-FORMAT': {
    fail: (d) => (d.vehicleNo = 'KA 01 AB 1234'),
    pass: (d) => (d.vehicleNo = '22BH1234AB'),
    path: '/vehicleNo',
  },
  'EWB-VEHICLE-TYPE': { fail: (d) => (d.vehicleType = 'X'), pass: (d) => (d.vehicleType = 'O'), path: '/vehicleType' },
  'EWB-ODC-ROAD': {
    fail: (d) => ((d.vehicleType = 'O'), (d.transMode = '3')),
    pass: (d) => (d.vehicleType = 'O'),
    path: '/vehicleType',
  },
  'EWB-TRANSDOC-DATE': { fail: (d) => (d.transDocDate = '16/06/2024'), pass: (d) => (d.transDocDate = '15/06/2024'), path: '/transDocDate' },
  'EWB-TRANSDOC-BEFORE-DOC': { fail: (d) => (d.transDocDate = '12/06/2024'), pass: (d) => (d.transDocDate = '13/06/2024'), path: '/transDocDate' },
  'EWB-DOC-DATE': { fail: (d) => (d.docDate = '16/06/2024'), pass: (d) => (d.docDate = '15/06/2024'), path: '/docDate' },
  'EWB-DOC-DATE-GST': { fail: (d) => (d.docDate = '30/06/2017'), pass: (d) => (d.docDate = '01/07/2017'), path: '/docDate' },
  'EWB-DOC-DATE-AGE': { fail: (d) => (d.docDate = '17/12/2023'), pass: (d) => (d.docDate = '18/12/2023'), path: '/docDate' },
  'EWB-TOTALVALUE-NEGATIVE': { fail: (d) => (d.totalValue = -1), path: '/totalValue' },
  'EWB-TOTINVVALUE-NEGATIVE': { fail: (d) => (d.totInvValue = '-5'), path: '/totInvValue' },
  'EWB-IGSTVALUE-NEGATIVE': { fail: (d) => (d.igstValue = -0.01), path: '/igstValue' },
  'EWB-CGSTVALUE-NEGATIVE': { fail: (d) => (d.cgstValue = -1), path: '/cgstValue' },
  'EWB-SGSTVALUE-NEGATIVE': { fail: (d) => (d.sgstValue = -1), path: '/sgstValue' },
  'EWB-CESSVALUE-NEGATIVE': { fail: (d) => (d.cessValue = -1), path: '/cessValue' },
  'EWB-CESSNONADVOL-NEGATIVE': { fail: (d) => (d.cessNonAdvolValue = -1), path: '/cessNonAdvolValue' },
  'EWB-TOTINV-MIN': { fail: (d) => (d.totInvValue = 61948), pass: (d) => (d.totInvValue = 61949), path: '/totInvValue' },
  'EWB-TOTAL-ITEMS': { fail: (d) => (d.totalValue = 52502), pass: (d) => (d.totalValue = 52501), path: '/totalValue' },
  'EWB-TAX-ITEMS': { fail: (d) => (d.cgstValue = 4800), pass: (d) => (d.cgstValue = 4725.4), path: '/cgstValue' },
  'EWB-TOTINV-SUM': { fail: (d) => (d.otherValue = 100), pass: (d) => ((d.otherValue = 100), (d.totInvValue = 62050)), path: '/totInvValue' },
  'EWB-INTRA-NO-IGST': { fail: (d) => (d.itemList[1].igstRate = 18), path: '/itemList/1/igstRate' },
  'EWB-INTER-NO-CGST': {
    fail: (d) => (d.toStateCode = 33),
    pass: (d) => {
      d.toStateCode = 33;
      d.cgstValue = 0;
      d.sgstValue = 0;
      d.igstValue = 9450;
      for (const item of d.itemList) Object.assign(item, { cgstRate: 0, sgstRate: 0, igstRate: 18 });
    },
    path: '/cgstValue',
  },
  'EWB-CGST-SGST-RATE': { fail: (d) => (d.itemList[0].sgstRate = 6), path: '/itemList/0/sgstRate' },
  'EWB-RATE-IGST': { fail: (d) => (d.itemList[0].igstRate = 17), pass: (d) => (d.itemList[0].igstRate = 28), path: '/itemList/0/igstRate' },
  'EWB-RATE-CGST': { fail: (d) => (d.itemList[1].cgstRate = 8), pass: (d) => (d.itemList[1].cgstRate = 2.5), path: '/itemList/1/cgstRate' },
  'EWB-RATE-SGST': { fail: (d) => (d.itemList[1].sgstRate = 10), pass: (d) => (d.itemList[1].sgstRate = 14), path: '/itemList/1/sgstRate' },
  'EWB-ITEMS-EMPTY': { fail: (d) => (d.itemList = []), path: '/itemList' },
  'EWB-ITEMS-MAX': {
    fail: (d) => (d.itemList = Array.from({ length: 251 }, () => d.itemList[0])),
    pass: (d) => (d.itemList = Array.from({ length: 250 }, () => d.itemList[0])),
    path: '/itemList',
  },
  'EWB-HSN': { fail: (d) => (d.itemList[1].hsnCode = '7788'), path: '/itemList/1/hsnCode' },
  'EWB-HSN-LENGTH': { fail: (d) => (d.itemList[0].hsnCode = '84'), path: '/itemList/0/hsnCode' },
  'EWB-HSN-LENGTH-6': {
    fail: (d) => (d.itemList[0].hsnCode = '847130'),
    pass: (d) => ((d.itemList[0].hsnCode = '847130'), (d.itemList[1].hsnCode = '84733020')),
    path: '/itemList/1/hsnCode',
    ctx: { ...context, aato: 50_000_000 },
  },
  'EWB-GOODS-HSN': {
    fail: (d) => ((d.itemList[0].hsnCode = '998314'), (d.itemList[1].hsnCode = '9987')),
    pass: (d) => (d.itemList[1].hsnCode = '998314'),
    path: '/itemList',
  },
  'EWB-RAIL-RR': {
    fail: (d) => ((d.transMode = '2'), (d.transDocNo = '123456789'), (d.transDocDate = '14/06/2024')),
    pass: (d) => ((d.transMode = '2'), (d.transDocNo = 'FSJWT123456789'), (d.transDocDate = '14/06/2024')),
    path: '/transDocNo',
  },
  'EWB-UNIT': { fail: (d) => (d.itemList[0].qtyUnit = 'XYZ'), pass: (d) => (d.itemList[0].qtyUnit = 'kgs'), path: '/itemList/0/qtyUnit' },
  'EWB-MASTER-CASE': { fail: (d) => (d.itemList[0].qtyUnit = 'kgs'), pass: (d) => (d.itemList[0].qtyUnit = 'XYZ'), path: '/itemList/0/qtyUnit' },
  'EWB-SPEC-LIMITS': { fail: (d) => (d.itemList[0].quantity = 12.345), pass: (d) => (d.itemList[0].quantity = 123456.12), path: '/itemList/0/quantity' },
};

describe('ewaybillRules', () => {
  it('the base document passes every rule', () => {
    expect(runAll(ewaybillRules, ewbBase())).toEqual([]);
  });

  it('every rule has a test case, a unique id and a code', () => {
    expect(ewaybillRules.map((r) => r.id).sort()).toEqual(Object.keys(cases).sort());
    expect(new Set(ewaybillRules.map((r) => r.id)).size).toBe(ewaybillRules.length);
    // SVC-314 and SVC-315 are the master-case and specification-limit codes every portal kind shares.
    for (const r of ewaybillRules) expect(r.code).toMatch(/^(\d{3,4}|SVC-4\d\d|SVC-31[45])$/);
  });

  for (const [id, c] of Object.entries(cases)) {
    it(id, () => {
      const rule = ruleById(ewaybillRules, id);
      const ctx = c.ctx ?? context;
      if (!c.ctx) expect(rule.check(ewbBase(), ctx)).toEqual([]);
      if (c.pass) expect(rule.check(changed(ewbBase(), c.pass), ctx)).toEqual([]);
      const issues = rule.check(changed(ewbBase(), c.fail), ctx);
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues) {
        expect(issue.code).toBe(rule.code);
        expect(issue.severity).toBe(rule.severity);
        expect(issue.message.length).toBeGreaterThan(10);
      }
      if (c.path) expect(issues[0]!.path).toBe(c.path);
    });
  }

  it('never throws on arbitrary objects', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.dictionary(fc.constantFrom(...Object.keys(ewbBase()), 'subSupplyDesc', 'shipToGstin', 'transDocDate'), fc.anything()),
        (junk, fields) => {
          for (const rule of ewaybillRules) {
            expect(Array.isArray(rule.check(junk, context))).toBe(true);
            expect(Array.isArray(rule.check({ ...ewbBase(), ...fields }, context))).toBe(true);
            expect(Array.isArray(rule.check({ ...ewbBase(), itemList: [junk, fields] }, { today: junk as string }))).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
