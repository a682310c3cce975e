import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { completeInvoice, isNumeric } from '../../src/compute/index.js';
import { validate } from '../../src/validate.js';
import { amountRules } from '../../src/rules/einvoice/index.js';

/** The bundled invoice: its parties and dates are valid, so only the generated amounts decide. */
const base = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const options = { today: '22/11/2026' };

const money = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** A line that may lack any input or amount, and whose sent amounts may or may not add up. */
const line = fc.record({
  Qty: maybe(fc.integer({ min: 1, max: 50 })),
  UnitPrice: maybe(money(20_000)),
  TotAmt: maybe(money(1_000_000)),
  Discount: maybe(money(100)),
  AssAmt: maybe(money(1_000_000)),
  GstRt: maybe(fc.constantFrom(0, 5, 12, 18, 28)),
  CgstAmt: maybe(money(100_000)),
  SgstAmt: maybe(money(100_000)),
  TotItemVal: maybe(money(1_000_000)),
});

const total = fc.record({ AssVal: maybe(money(3_000_000)), CgstVal: maybe(money(300_000)), TotInvVal: maybe(money(4_000_000)) });

const invoice = fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 3 }), totals: total }).map(({ lines, totals }) => {
  const strip = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  return {
    ...base,
    ItemList: lines.map((l, i) => strip({ SlNo: String(i + 1), PrdDesc: 'Consulting', IsServc: 'Y', HsnCd: '998313', ...l })),
    ValDtls: strip(totals),
  } as Record<string, unknown>;
});

const lineAmounts = ['TotAmt', 'AssAmt', 'CgstAmt', 'SgstAmt', 'TotItemVal'];

/** The paths of the amounts the input states. */
function statedAmounts(doc: Record<string, unknown>): Set<string> {
  const paths = new Set<string>();
  (doc['ItemList'] as Array<Record<string, unknown>>).forEach((item, i) => {
    for (const f of lineAmounts) if (isNumeric(item[f])) paths.add(`/ItemList/${i}/${f}`);
  });
  for (const [f, v] of Object.entries(doc['ValDtls'] as Record<string, unknown>)) if (isNumeric(v)) paths.add(`/ValDtls/${f}`);
  return paths;
}

/**
 * The arithmetic codes (2192-2194, 2234, 2182-2189, ...) and the field codes. Rules that compare two
 * amounts of a line with each other (2227: SgstAmt equals CgstAmt) are left out: when the input states one
 * of the two, compute fills the other, and the rule then rightly has something to compare.
 */
const amountCodes = new Set(amountRules.map((r) => r.code));
const compared = (code: string): boolean => amountCodes.has(code) || code.startsWith('SVC-');

/** validate's findings on the given paths, as code and path. */
function findingsOn(doc: unknown, paths: Set<string>): string[] {
  const result = validate('irn', doc, options);
  const issues = [...(result.ok ? [] : result.errors), ...(result.warnings ?? [])];
  return issues
    .filter((i) => paths.has(i.path) && compared(i.code))
    .map((i) => `${i.code} ${i.path}`)
    .sort();
}

describe('an invoice without amounts', () => {
  test('is refused: TotAmt, AssAmt, TotItemVal and ValDtls are required, as in the IRP schema', () => {
    const doc = structuredClone(base) as { ItemList: Array<Record<string, unknown>>; ValDtls?: unknown };
    for (const item of doc.ItemList) for (const f of ['TotAmt', 'AssAmt', 'TotItemVal', 'IgstAmt', 'CgstAmt', 'SgstAmt']) delete item[f];
    delete doc.ValDtls;
    const result = validate('irn', doc, options);
    expect(result.ok).toBe(false);
    const found = result.ok ? [] : result.errors.map((e) => `${e.code} ${e.path}`);
    expect(found).toContain('SVC-100 /ValDtls');
    for (const f of ['TotAmt', 'AssAmt', 'TotItemVal']) expect(found).toContain(`SVC-100 /ItemList/0/${f}`);
  });

  test('is refused also without totals in ValDtls', () => {
    const result = validate('irn', { ...base, ValDtls: {} }, options);
    const found = result.ok ? [] : result.errors.map((e) => `${e.code} ${e.path}`);
    expect(found).toEqual(expect.arrayContaining(['SVC-100 /ValDtls/AssVal', 'SVC-100 /ValDtls/TotInvVal']));
  });
});

describe('compute never invents an amount', () => {
  test('a gross amount the input states is never lowered, and a missing one is never made 0', () => {
    fc.assert(
      fc.property(invoice, (doc) => {
        const done = completeInvoice(doc);
        (doc['ItemList'] as Array<Record<string, unknown>>).forEach((item, i) => {
          const out = (done.ItemList as Array<Record<string, unknown>>)[i]!;
          if (isNumeric(item['TotAmt'])) expect(out['TotAmt']).toBe(item['TotAmt']);
          else if (!isNumeric(item['Qty']) || !isNumeric(item['UnitPrice'])) expect(out).not.toHaveProperty('TotAmt');
        });
      }),
      { numRuns: 300 },
    );
  });

  test('validate(compute(x)) finds on every amount x states what validate(x) finds there', () => {
    fc.assert(
      fc.property(invoice, (doc) => {
        const stated = statedAmounts(doc);
        const done = completeInvoice(doc);
        expect(findingsOn(done, stated)).toEqual(findingsOn(doc, stated));
        // A gross amount compute could not derive stays missing, so the completed invoice is still refused.
        const result = validate('irn', done, options);
        (doc['ItemList'] as Array<Record<string, unknown>>).forEach((item, i) => {
          if (!isNumeric(item['TotAmt']) && !isNumeric(item['Qty'])) {
            expect(result.ok ? [] : result.errors.map((e) => `${e.code} ${e.path}`)).toContain(`SVC-100 /ItemList/${i}/TotAmt`);
          }
        });
      }),
      { numRuns: 150 },
    );
  });
});
