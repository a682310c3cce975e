/** A value quoted in a message is at most a short prefix of it. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { boundText, quote, QUOTE_LIMIT, MESSAGE_LIMIT } from '../../src/quote.js';

const example = (name: string): Record<string, any> => JSON.parse(readFileSync(new URL(`../../docs/examples/${name}.json`, import.meta.url), 'utf8'));
const longestRun = (text: string): number => Math.max(0, ...text.split(/[ \n]/).map((s) => s.length));

describe('quoting', () => {
  it('quote shows a value whole when short, and its first 64 characters and an ellipsis when long', () => {
    expect(quote('INV/001')).toBe('"INV/001"');
    const long = quote('A'.repeat(1_000_000));
    expect(long).toBe(`"${'A'.repeat(QUOTE_LIMIT)}…"`);
  });

  it('boundText: no run over the limit plus an ellipsis, no message over its limit, short messages unchanged', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3000 }), (text) => {
        const bounded = boundText(text);
        expect(bounded.length).toBeLessThanOrEqual(MESSAGE_LIMIT + 1);
        expect(longestRun(bounded)).toBeLessThanOrEqual(QUOTE_LIMIT + 2);
        if (text.length <= QUOTE_LIMIT) expect(bounded).toBe(text);
      }),
    );
    expect(boundText(`DocDtls.No "${'9'.repeat(500)}" must be at most 16 characters`)).toBe(
      `DocDtls.No "${'9'.repeat(QUOTE_LIMIT - 1)}…" must be at most 16 characters`,
    );
  });

  it('a 1 MB document number does not come back whole', () => {
    const invoice = example('irn');
    invoice.DocDtls.No = 'A'.repeat(1_000_000);
    const result = validate('irn', invoice, { today: '14/11/2026' });
    expect(result.ok).toBe(false);
    expect(result.errors.some((e) => e.path === '/DocDtls/No')).toBe(true);
    const reported = JSON.stringify([...result.errors, ...result.warnings]);
    expect(reported.length).toBeLessThan(20_000);
  });

  it('a 1 MB unknown key is named by a prefix only, in the message and the path', () => {
    const key = 'K'.repeat(1_000_000);
    const result = validate('irn', { ...example('irn'), [key]: 1 }, { today: '14/11/2026' });
    const reported = JSON.stringify([...result.errors, ...result.warnings]);
    expect(reported.length).toBeLessThan(20_000);
    expect(reported).toContain('KKKK…');
  });
});
