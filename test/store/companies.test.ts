import { describe, expect, it } from 'vitest';
import { parseCompanyGstins } from '../../src/cli/companies.js';

const A = '29AAGCM4821K1Z6';
const B = '33AAHCT2290K1Z6';
const C = '29AADCN7314Q1ZU';

describe('GSTKIT_SANDBOX_GSTINS', () => {
  it('gives each company its own GSTINs', () => {
    const out = parseCompanyGstins(`acme:${A},${C.toLowerCase()}; beta:${B}`, ['acme', 'beta'], []);
    expect(out).toEqual({
      ok: true,
      companies: new Map([
        ['acme', [A, C]],
        ['beta', [B]],
      ]),
    });
  });

  it('gives a plain list to the first company only', () => {
    const out = parseCompanyGstins(`${A},${B}`, ['acme', 'beta'], []);
    expect(out).toEqual({
      ok: true,
      companies: new Map([
        ['acme', [A, B]],
        ['beta', []],
      ]),
    });
  });

  it('gives the demo set to the first company when unset', () => {
    const out = parseCompanyGstins(undefined, ['demo'], [A]);
    expect(out).toEqual({ ok: true, companies: new Map([['demo', [A]]]) });
  });

  it('refuses a GSTIN given to two companies, a bad GSTIN and a group without a company', () => {
    expect(parseCompanyGstins(`acme:${A};beta:${A}`, ['acme', 'beta'], [])).toMatchObject({ ok: false, message: expect.stringMatching(/both acme and beta/) });
    expect(parseCompanyGstins(`acme:29AAGCM4821K1Z7`, ['acme'], [])).toMatchObject({ ok: false, message: expect.stringMatching(/invalid GSTINs/) });
    expect(parseCompanyGstins(`:${A}`, ['acme'], [])).toMatchObject({ ok: false });
  });
});
