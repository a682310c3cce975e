/** Shared builders for the e-waybill, cancel, close, deal and GSTR rule tests. */
import type { Issue } from '../../src/issue.js';
import type { Rule, RuleContext } from '../../src/rules/rule.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Completes 14 characters with the GSTIN check character. */
export function withCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const p = ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return first14 + ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** The same GSTIN with a wrong check character. */
export function withWrongCheckChar(gstin: string): string {
  const right = gstin[14]!;
  return gstin.slice(0, 14) + (right === 'A' ? 'B' : 'A');
}

export const SUPPLIER = withCheckChar('29AAACB1234C1Z');
export const RECIPIENT = withCheckChar('29AABCT5678D1Z');
export const OTHER_KA = withCheckChar('29AAFCS4321E1Z');
export const TN_PARTY = withCheckChar('33AAGCR9876F1Z');

export const context: RuleContext = { today: '15/06/2024' };

/** A valid intra-state Karnataka outward supply by road with two items whose totals match. */
export function ewbBase(): Record<string, unknown> {
  return {
    supplyType: 'O',
    subSupplyType: '1',
    docType: 'INV',
    docNo: 'INV/24/0117',
    docDate: '13/06/2024',
    fromGstin: SUPPLIER,
    fromTrdName: 'Bharat Components Pvt Ltd',
    fromAddr1: '12 Industrial Layout',
    fromPlace: 'Bengaluru',
    fromPincode: 560001,
    fromStateCode: 29,
    actFromStateCode: 29,
    toGstin: RECIPIENT,
    toTrdName: 'Tunga Traders',
    toAddr1: '4 Sayyaji Rao Road',
    toPlace: 'Mysuru',
    toPincode: 570001,
    toStateCode: 29,
    actToStateCode: 29,
    transactionType: 1,
    totalValue: 52500,
    cgstValue: 4725,
    sgstValue: 4725,
    igstValue: 0,
    cessValue: 0,
    cessNonAdvolValue: 0,
    otherValue: 0,
    totInvValue: 61950,
    transMode: '1',
    transDistance: 150,
    vehicleNo: 'KA01AB1234',
    vehicleType: 'R',
    itemList: [
      { productName: 'Laptop', hsnCode: '8471', quantity: 2, qtyUnit: 'NOS', taxableAmount: 50000, cgstRate: 9, sgstRate: 9, igstRate: 0, cessRate: 0 },
      { productName: 'Keyboard', hsnCode: '8473', quantity: 10, qtyUnit: 'NOS', taxableAmount: 2500, cgstRate: 9, sgstRate: 9, igstRate: 0, cessRate: 0 },
    ],
  };
}

/** A deep copy of a document with some changes applied. */
export function changed<T>(doc: T, change: (d: any) => void): T {
  const copy = structuredClone(doc);
  change(copy);
  return copy;
}

/** Runs every rule on a document and returns all issues. */
export function runAll(rules: readonly Rule[], doc: unknown, ctx: RuleContext = context): Issue[] {
  return rules.flatMap((r) => r.check(doc, ctx));
}

/** The rule with an id (fails loudly when missing). */
export function ruleById(rules: readonly Rule[], id: string): Rule {
  const rule = rules.find((r) => r.id === id);
  if (!rule) throw new Error(`no rule ${id}`);
  return rule;
}

/** How to break a base document for one rule, and optionally another passing variant. */
export interface RuleCase {
  fail: (d: any) => void;
  pass?: (d: any) => void;
  path?: string;
}

/**
 * Registers, inside the current describe block, one test per rule named after its id (a passing and a
 * failing document each), a check that the table covers every rule, and a never-throws property.
 */
export function ruleTable(
  rules: readonly Rule[],
  base: () => Record<string, unknown>,
  cases: Record<string, RuleCase>,
  it: (name: string, fn: () => void) => void,
  expect: any,
  fc: any,
  ctx: RuleContext = context,
): void {
  it('the base document passes every rule', () => {
    expect(runAll(rules, base(), ctx)).toEqual([]);
  });
  it('every rule has a test case and a unique id', () => {
    expect(rules.map((r) => r.id).sort()).toEqual(Object.keys(cases).sort());
  });
  for (const [id, c] of Object.entries(cases)) {
    it(id, () => {
      const rule = ruleById(rules, id);
      expect(rule.check(base(), ctx)).toEqual([]);
      if (c.pass) expect(rule.check(changed(base(), c.pass), ctx)).toEqual([]);
      const issues = rule.check(changed(base(), c.fail), ctx);
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues) {
        expect(issue.code).toBe(rule.code);
        expect(issue.severity).toBe(rule.severity);
      }
      if (c.path !== undefined) expect(issues[0]!.path).toBe(c.path);
    });
  }
  it('never throws on arbitrary objects', () => {
    fc.assert(
      fc.property(fc.anything(), fc.dictionary(fc.constantFrom(...Object.keys(base())), fc.anything()), (junk: unknown, fields: object) => {
        for (const rule of rules) {
          expect(Array.isArray(rule.check(junk, ctx))).toBe(true);
          expect(Array.isArray(rule.check({ ...base(), ...fields }, { today: junk as string }))).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
}
