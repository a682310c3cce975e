import { describe, expect, test } from 'vitest';
import { objectPrototypeInert, schemaErrors, schemaFieldNames } from '../../src/schema/registry.js';
import { exceededLimit, type PayloadMake } from '../../src/schema/limits.js';
import { readPayload } from '../../src/normalize/normalize.js';
import { validate, validateHandedOver } from '../../src/validate.js';
import { loadCorpus } from '../corpus/corpus.js';
import { invoiceWithItems } from '../support/examples.js';

const OPTIONS = { today: '22/11/2026' };

function made(payload: unknown): PayloadMake {
  const seen: PayloadMake = { jsonLike: true };
  expect(exceededLimit('irn', payload, true, seen)).toBeUndefined();
  return seen;
}

describe('the schema check of JSON-like payloads, which leaves out the own-property test', () => {
  test('no schema names a member of Object.prototype, so a plain object inherits none of its fields', () => {
    const inherited = new Set(Object.getOwnPropertyNames(Object.prototype));
    const named = schemaFieldNames();
    // The e-invoice's own fields are among them, at every depth.
    for (const field of ['SellerDtls', 'Gstin', 'ItemList', 'HsnCd', 'TotInvVal', 'transDocNo']) expect(named.has(field), field).toBe(true);
    expect(named.size).toBeGreaterThan(200);
    expect([...named].filter((n) => inherited.has(n))).toEqual([]);
    expect(objectPrototypeInert()).toBe(true);
  });

  test('gives the same errors, in the same order, as the own-property check on every payload of the corpus', () => {
    const corpus = loadCorpus();
    const differing: string[] = [];
    let checked = 0;
    for (const [i, entry] of corpus.entries()) {
      const payload = JSON.parse(JSON.stringify(entry.payload) ?? 'null') as unknown;
      const seen: PayloadMake = { jsonLike: true };
      if (exceededLimit(entry.kind, payload, true, seen)) continue;
      expect(seen.jsonLike).toBe(true);
      const { value } = readPayload(entry.kind, payload, {});
      const own = JSON.stringify(schemaErrors(entry.kind, value, 'any'));
      const json = JSON.stringify(schemaErrors(entry.kind, value, 'json'));
      checked++;
      if (own !== json) differing.push(`#${i} ${entry.kind}: ${own.slice(0, 200)} / ${json.slice(0, 200)}`);
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(differing.slice(0, 3).join('\n'), `${differing.length} payloads differ`).toBe('');
  });

  test('the limits walk tells JSON-like payloads from those with objects made otherwise', () => {
    expect(made(invoiceWithItems(2)).jsonLike).toBe(true);
    const nullPrototype = invoiceWithItems(2) as Record<string, any>;
    nullPrototype.SellerDtls = Object.assign(Object.create(null), nullPrototype.SellerDtls);
    expect(made(nullPrototype).jsonLike).toBe(true);
    const withPrototype = invoiceWithItems(2) as Record<string, any>;
    withPrototype.ItemList[1] = Object.assign(Object.create({ inherited: 1 }), withPrototype.ItemList[1]);
    expect(made(withPrototype).jsonLike).toBe(false);
    class Line {}
    const classInstance = invoiceWithItems(2) as Record<string, any>;
    classInstance.ItemList[0] = Object.assign(new Line(), classInstance.ItemList[0]);
    expect(made(classInstance).jsonLike).toBe(false);
    class Lines extends Array {}
    const arraySubclass = invoiceWithItems(2) as Record<string, any>;
    arraySubclass.ItemList = Lines.from(arraySubclass.ItemList);
    expect(made(arraySubclass).jsonLike).toBe(false);
  });

  test('a field carried only by a prototype still counts as missing, also where the reader keeps the object', () => {
    const invoice = invoiceWithItems(2) as Record<string, any>;
    const { Gstin, ...rest } = invoice.SellerDtls;
    invoice.SellerDtls = Object.assign(Object.create({ Gstin }), rest);
    // validate() reads every object into a plain copy of its own fields; validateHandedOver keeps the
    // objects it reads as they came, prototype and all, so there only the schema check can tell.
    for (const r of [validate('irn', invoice, OPTIONS), validateHandedOver('irn', invoice, OPTIONS, { plainText: true })]) {
      expect(r.ok).toBe(false);
      expect(r.errors.map((e) => `${e.code} ${e.path}`)).toEqual(['SVC-100 /SellerDtls/Gstin']);
    }
    // The same invoice with the field its own passes.
    invoice.SellerDtls = { ...rest, Gstin };
    expect(validateHandedOver('irn', invoice, OPTIONS, { plainText: true }).ok).toBe(true);
  });

  test('a field named on Object.prototype, even one not enumerable, still counts as missing from a plain object', () => {
    const invoice = invoiceWithItems(2) as Record<string, any>;
    const { Gstin } = invoice.SellerDtls;
    delete invoice.SellerDtls.Gstin;
    Object.defineProperty(Object.prototype, 'Gstin', { value: Gstin, enumerable: false, configurable: true, writable: true });
    try {
      expect(objectPrototypeInert()).toBe(false);
      const r = validateHandedOver('irn', invoice, OPTIONS, { plainText: true });
      expect(r.errors.map((e) => `${e.code} ${e.path}`)).toContain('SVC-100 /SellerDtls/Gstin');
    } finally {
      delete (Object.prototype as Record<string, unknown>)['Gstin'];
    }
    expect(objectPrototypeInert()).toBe(true);
  });

  test('with an enumerable key polluting Object.prototype, a valid invoice still passes and the key is never reported', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto['pollutedByAnotherLibrary'] = 'x';
    try {
      expect(validate('irn', invoiceWithItems(2), OPTIONS).ok).toBe(true);
      const invoice = invoiceWithItems(2) as Record<string, any>;
      invoice.SellerDtls.NotAField = 'x';
      const r = validate('irn', invoice, OPTIONS);
      // The sender's unknown field is dropped with a warning by the tolerant reader; the prototype's key is
      // not the sender's and appears nowhere.
      expect(JSON.stringify([r.errors, r.warnings])).not.toContain('pollutedByAnotherLibrary');
      expect(r.warnings.map((w) => w.path)).toContain('/SellerDtls/NotAField');
    } finally {
      delete proto['pollutedByAnotherLibrary'];
    }
  });
});
