import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { notUnicode } from '../../src/schema/limits.js';
import { validate, validateHandedOver } from '../../src/validate.js';
import { readPayload } from '../../src/normalize/normalize.js';
import { loadCorpus } from '../corpus/corpus.js';
import { invoiceWithItems } from '../support/examples.js';

/** What a caller sees of one validation, comparable with toEqual. */
function outcome(run: () => ReturnType<typeof validate>): unknown {
  try {
    const r = run();
    return { ok: r.ok, value: JSON.stringify(r.value), errors: r.errors, warnings: r.warnings };
  } catch (e) {
    return { throws: e instanceof Error ? e.message : String(e) };
  }
}

describe('validateHandedOver: a payload the caller parsed itself and gives up', () => {
  test('finds what validate() finds, with the same canonical value, on every payload of the corpus', () => {
    const corpus = loadCorpus();
    const differing: string[] = [];
    for (const [i, entry] of corpus.entries()) {
      const text = JSON.stringify(entry.payload) ?? 'null';
      const plainText = !text.includes('\\u');
      const copied = outcome(() => validate(entry.kind, JSON.parse(text), entry.options));
      const kept = outcome(() => validateHandedOver(entry.kind, JSON.parse(text), entry.options, { plainText }));
      if (JSON.stringify(copied) !== JSON.stringify(kept))
        differing.push(`#${i} ${entry.kind}: ${JSON.stringify(copied).slice(0, 200)} / ${JSON.stringify(kept).slice(0, 200)}`);
    }
    expect(corpus.length).toBeGreaterThan(10_000);
    expect(differing.slice(0, 3).join('\n'), `${differing.length} payloads differ`).toBe('');
  });

  test('keeps the objects read as sent, copies the ones read differently, and never changes the input', () => {
    const invoice = invoiceWithItems(3) as Record<string, any>;
    // A number sent as text is read as a number (SVC-118): its line, and the list holding it, are new.
    invoice.ItemList[1].Qty = String(invoice.ItemList[1].Qty);
    const before = JSON.stringify(invoice);
    const r = validateHandedOver('irn', invoice, { today: '22/11/2026' }, { plainText: true });
    expect(JSON.stringify(invoice)).toBe(before);
    const value = r.value as unknown as Record<string, any>;
    expect(value.SellerDtls).toBe(invoice.SellerDtls);
    expect(value.ItemList[0]).toBe(invoice.ItemList[0]);
    expect(value.ItemList[2]).toBe(invoice.ItemList[2]);
    expect(value.ItemList[1]).not.toBe(invoice.ItemList[1]);
    expect(value.ItemList[1].Qty).toBe(Number(invoice.ItemList[1].Qty));
    expect(value.ItemList).not.toBe(invoice.ItemList);
    expect(value).not.toBe(invoice);
    // validate() itself still hands back new objects throughout.
    const copied = validate('irn', invoice, { today: '22/11/2026' }).value as unknown as Record<string, any>;
    expect(copied.SellerDtls).not.toBe(invoice.SellerDtls);
    expect(copied.ItemList[0]).not.toBe(invoice.ItemList[0]);
    expect(copied).toEqual(value);
  });

  test('an invoice read entirely as sent comes back as the very object', () => {
    const invoice = invoiceWithItems(2);
    expect(readPayload('irn', invoice, { handedOver: true }).value).toBe(invoice);
    expect(readPayload('irn', invoice, {}).value).not.toBe(invoice);
  });

  test('text the caller did not vouch for is still tested for lone surrogates and NUL', () => {
    const invoice = invoiceWithItems(1) as Record<string, any>;
    invoice.ItemList[0].PrdDesc = 'Laptop \ud800';
    const r = validateHandedOver('irn', invoice, { today: '22/11/2026' }, { plainText: false });
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.code)).toEqual(validate('irn', invoice, { today: '22/11/2026' }).errors.map((e) => e.code));
    expect(r.errors[0]?.path).toBe('/ItemList/0/PrdDesc');
  });

  test('text decoded from bytes as UTF-8 never holds a lone surrogate, nor a NUL unless a byte is 0 (why plain text needs no test)', () => {
    // The handler decodes a body with Buffer's UTF-8 decoder; a broken sequence (an encoded surrogate
    // ED A0 80 among them) reads as U+FFFD. A NUL can come only from a 0x00 byte, which JSON refuses raw.
    const encodedSurrogates = fc.constantFrom([0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf0, 0x90, 0x80, 0x80], [0xc0, 0x80]);
    const bytes = fc
      .array(
        fc.oneof(
          fc.integer({ min: 1, max: 255 }).map((b) => [b]),
          encodedSurrogates,
        ),
        { maxLength: 64 },
      )
      .map((parts) => Buffer.from(parts.flat()));
    fc.assert(
      fc.property(bytes, (body) => {
        expect(notUnicode(body.toString('utf8'))).toBe(false);
      }),
      { numRuns: 5000 },
    );
    // Only the escape brings one in, which is why a body with any \u escape is tested as before.
    expect(notUnicode(JSON.parse('"\\ud800"') as string)).toBe(true);
    expect(notUnicode(JSON.parse('"\\u0000"') as string)).toBe(true);
  });
});
