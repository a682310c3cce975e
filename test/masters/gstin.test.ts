import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstinCheckChar, isValidGstin, parseGstin } from '../../src/masters/index.js';
import { isGstinStateCode } from '../../src/masters/states.js';
import { states } from '../../src/masters/index.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const from = (chars: string, n: number) => fc.array(fc.constantFrom(...chars.split('')), { minLength: n, maxLength: n }).map((a) => a.join(''));
const gstinStates = states()
  .map((s) => s.code)
  .filter(isGstinStateCode);
const stateCode = fc.constantFrom(...gstinStates);
const pan = fc.tuple(from(LETTERS, 5), from(DIGITS, 4), from(LETTERS, 1)).map((p) => p.join(''));
const entity = from('123456789' + LETTERS, 1);
const withCheck = (first14: string) => first14 + gstinCheckChar(first14);

/** Valid GSTINs of every registration kind. */
const anyValid = fc.oneof(
  fc.tuple(stateCode, pan, entity).map(([s, p, e]) => withCheck(`${s}${p}${e}Z`)),
  fc.tuple(stateCode, pan, entity).map(([s, p, e]) => withCheck(`${s}${p}${e}C`)),
  fc
    .tuple(stateCode, from(LETTERS, 4), from(ALPHABET, 1), from(DIGITS, 4), from(LETTERS, 1), entity)
    .map(([s, a, b, c, d, e]) => withCheck(`${s}${a}${b}${c}${d}${e}D`)),
  fc
    .tuple(stateCode, from(DIGITS, 2), from(LETTERS, 3), from(DIGITS, 5), fc.constantFrom('UN', 'ON', 'NR'))
    .map(([s, y, c, n, k]) => withCheck(`${s}${y}${c}${n}${k}`)),
  fc.tuple(from(DIGITS, 2), from(LETTERS, 3), from(DIGITS, 5)).map(([y, c, n]) => withCheck(`99${y}${c}${n}OS`)),
  fc.tuple(stateCode, from(LETTERS, 4), from(DIGITS, 5), from(LETTERS, 1), from(DIGITS, 1)).map(([s, a, n, l, d]) => withCheck(`${s}${a}${n}${l}${d}Z`)),
);

describe('gstinCheckChar', () => {
  it('computes the published examples', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckChar('24AAUPV7468F1Z')).toBe('W');
    expect(gstinCheckChar('29AABCF8078M1C')).toBe('8');
    expect(gstinCheckChar('9917SGP29001OS')).toBe('T');
    expect(gstinCheckChar('27aapfu0939f1z')).toBe('V');
    expect(gstinCheckChar('27AAPFU0939F1ZV')).toBe('V');
  });
  it('gives an empty string for what it cannot compute', () => {
    for (const bad of ['', '27AAPFU0939F1', '27AAPFU0939F1ZVV', null, 42]) {
      expect(gstinCheckChar(bad as string)).toBe('');
    }
  });
});

describe('parseGstin', () => {
  it.each([
    ['27AAPFU0939F1ZV', 'regular', '27', 'Firm'],
    ['24AAUPV7468F1ZW', 'regular', '24', 'Individual'],
    ['07AAACU4747P1ZR', 'regular', '07', 'Company'],
    ['36AASFP8573D2ZN', 'regular', '36', 'Firm'],
    ['29AABCF8078M2ZW', 'regular', '29', 'Company'],
    ['27AAJCS5738D1Z6', 'regular', '27', 'Company'],
    ['08AAAAD1307N1ZW', 'regular', '08', 'Association of Persons'],
    ['29AABCF8078M1C8', 'tcs', '29', 'Company'],
    ['27AAECG3736E1C2', 'tcs', '27', 'Company'],
    ['06DELI09652G1DA', 'tds', '06', undefined],
    ['09ALDN00287A1DD', 'tds', '09', undefined],
    ['19AAACI1681G1DV', 'tds', '19', undefined],
    ['0717UNO00157UNO', 'uin', '07', undefined],
    ['2117UNO00002UNF', 'uin', '21', undefined],
    ['3317USA00002UNE', 'uin', '33', undefined],
    ['0717UNO00154UNU', 'uin', '07', undefined],
    ['9917SGP29001OST', 'oidar', '99', undefined],
  ])('reads %s as %s', (gstin, kind, stateCode, holder) => {
    const r = parseGstin(gstin);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ gstin, kind, stateCode, checkCharValid: true });
    expect(r.value.panHolderType).toBe(holder);
    if (kind === 'regular' || kind === 'tcs') expect(r.value.pan).toBe(gstin.slice(2, 12));
    if (kind === 'tds') expect(r.value.tan).toBe(gstin.slice(2, 12));
    expect(isValidGstin(gstin)).toBe(true);
  });
  it('reads NRTP and government department formats', () => {
    const nrtp = withCheck('0724USA00012NR');
    expect(parseGstin(nrtp)).toMatchObject({ ok: true, value: { kind: 'nrtp', stateCode: '07', checkCharValid: true } });
    const gov = withCheck('07DELH12345A1Z');
    expect(parseGstin(gov)).toMatchObject({ ok: true, value: { kind: 'government', stateCode: '07', checkCharValid: true } });
  });
  it('accepts lower case and surrounding spaces', () => {
    expect(parseGstin(' 27aapfu0939f1zv ')).toMatchObject({ ok: true, value: { gstin: '27AAPFU0939F1ZV' } });
  });
  it('reads URP as the unregistered placeholder, which is not a valid GSTIN', () => {
    expect(parseGstin('URP')).toEqual({ ok: true, value: { gstin: 'URP', kind: 'urp', stateCode: '', checkCharValid: false } });
    expect(isValidGstin('URP')).toBe(false);
  });
  it('parses a wrong check character but flags it', () => {
    expect(parseGstin('27AAPFU0939F1ZX')).toMatchObject({ ok: true, value: { kind: 'regular', checkCharValid: false } });
    expect(isValidGstin('27AAPFU0939F1ZX')).toBe(false);
  });
  it.each([
    ['27AAPFU0939F1Z', /15 characters/],
    ['27AAPFU0939F1ZVX', /15 characters/],
    ['27AAPFU0939F1Z-', /digits and letters/],
    ['96AAPFU0939F1ZV', /state code/],
    ['00AAPFU0939F1ZV', /state code/],
    ['40AAPFU0939F1ZV', /state code/],
    ['27AAP110939F1ZV', /format/],
    ['27AAPFU0939F0ZV', /format/],
    ['27AAPFU0939F1KV', /format/],
    ['2717SGP29001OST', /OIDAR/],
  ])('rejects %s with SVC-152', (gstin, detail) => {
    const r = parseGstin(gstin);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ code: 'SVC-152', severity: 'error' });
    expect(r.errors[0]!.message).toMatch(/^Invalid GSTIN/);
    expect(r.errors[0]!.message).toMatch(detail);
    expect(isValidGstin(gstin)).toBe(false);
  });
});

describe('GSTIN properties', () => {
  it('a GSTIN built from a state code, a PAN, an entity character and its check character is valid', () => {
    fc.assert(
      fc.property(stateCode, pan, entity, (s, p, e) => {
        const gstin = withCheck(`${s}${p}${e}Z`);
        const r = parseGstin(gstin);
        return r.ok && r.value.kind === 'regular' && r.value.checkCharValid && r.value.pan === p && isValidGstin(gstin);
      }),
      { numRuns: 2000 },
    );
  });
  it('every registration kind built with its check character is valid', () => {
    fc.assert(
      fc.property(anyValid, (gstin) => isValidGstin(gstin)),
      { numRuns: 2000 },
    );
  });
  it('changing any one of the 15 characters to any other character never gives a valid GSTIN', () => {
    const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(anyValid, fc.integer({ min: 0, max: 14 }), fc.oneof(fc.constantFrom(...ALPHABET.split('')), printable), (gstin, i, c) => {
        fc.pre(c.toUpperCase() !== gstin[i]);
        const changed = gstin.slice(0, i) + c + gstin.slice(i + 1);
        const r = parseGstin(changed);
        return !isValidGstin(changed) && (!r.ok || !r.value.checkCharValid);
      }),
      { numRuns: 5000 },
    );
  });
  it('exhaustively: every single-character substitution of a sample is caught', () => {
    for (const gstin of ['27AAPFU0939F1ZV', '9917SGP29001OST', '06DELI09652G1DA', '0717UNO00157UNO']) {
      for (let i = 0; i < 15; i++) {
        for (const c of ALPHABET) {
          if (c === gstin[i]) continue;
          expect(isValidGstin(gstin.slice(0, i) + c + gstin.slice(i + 1))).toBe(false);
        }
      }
    }
  });
  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (x) => {
        const r = parseGstin(x);
        isValidGstin(x);
        return typeof r.ok === 'boolean';
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => typeof parseGstin(s).ok === 'boolean'),
      { numRuns: 2000 },
    );
    for (const x of [null, undefined, 0, 27, NaN, {}, [], () => 1, Symbol('g'), 10n, 'x'.repeat(1_000_000), new String('27AAPFU0939F1ZV')]) {
      expect(() => parseGstin(x)).not.toThrow();
      expect(isValidGstin(x)).toBe(false);
    }
  });
});

describe('GSTIN formats agree with the patterns GSTN publishes', () => {
  // The returns-API patterns, tried in the order the parser documents (OIDAR first, regular last).
  const PATTERNS: Array<[string, RegExp]> = [
    ['oidar', /^99[0-9]{2}[A-Z]{3}[0-9]{5}OS[0-9A-Z]$/],
    ['uin', /^[0-9]{4}[A-Z]{3}[0-9]{5}[UO]N[0-9A-Z]$/],
    ['nrtp', /^[0-9]{4}[A-Z]{3}[0-9]{5}NR[0-9A-Z]$/],
    ['tds', /^[0-9]{2}[A-Z]{4}[A-Z0-9][0-9]{4}[A-Z][1-9A-Z]D[0-9A-Z]$/],
    ['tcs', /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]C[0-9A-Z]$/],
    ['government', /^[0-9]{2}[A-Z]{4}[0-9]{5}[A-Z][0-9]Z[0-9A-Z]$/],
    ['regular', /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][Z1-9ABD-J][0-9A-Z]$/],
  ];
  const oracle = (g: string): string | undefined => (isGstinStateCode(g.slice(0, 2)) ? PATTERNS.find(([, re]) => re.test(g))?.[0] : undefined);
  it('on valid GSTINs with one character changed and on random strings', () => {
    const mutated = fc
      .tuple(anyValid, fc.integer({ min: 0, max: 14 }), fc.constantFrom(...ALPHABET.split('')))
      .map(([g, i, c]) => g.slice(0, i) + c + g.slice(i + 1));
    fc.assert(
      fc.property(fc.oneof(anyValid, mutated, from(ALPHABET, 15), from(DIGITS + 'AZDCNOSUR', 15)), (g) => {
        const r = parseGstin(g);
        expect(r.ok ? r.value.kind : undefined).toBe(oracle(g));
        expect(isValidGstin(g)).toBe(r.ok && r.value.checkCharValid);
      }),
      { numRuns: 20_000 },
    );
  });
  it('lower case input is judged like upper case', () => {
    expect(isValidGstin('27aapfu0939f1zv')).toBe(true);
    expect(isValidGstin('9917sgp29001ost')).toBe(true);
    expect(isValidGstin('27aapfu0939f1zx')).toBe(false);
  });
});
