import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { intra, loose, SELLER } from './einvoice-fixtures.js';
import { ewbBase, withWrongCheckChar } from './ewaybill-fixtures.js';

describe("environment 'sandbox' and NIC's test GSTINs", () => {
  const testGstin = withWrongCheckChar(SELLER);

  it('production refuses a GSTIN with a wrong check character (SVC-152)', () => {
    const doc = intra();
    loose(doc).SellerDtls.Gstin = testGstin;
    const result = validate('irn', doc, { today: '20/06/2024' });
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.code, e.path])).toContainEqual(['SVC-152', '/SellerDtls/Gstin']);
  });

  it('the sandbox accepts it with one warning SVC-156', () => {
    const doc = intra();
    loose(doc).SellerDtls.Gstin = testGstin;
    const result = validate('irn', doc, { today: '20/06/2024', environment: 'sandbox' });
    expect(result.errors).toEqual([]);
    expect(result.warnings.filter((w) => w.path === '/SellerDtls/Gstin').map((w) => w.code)).toEqual(['SVC-156']);
  });

  it('the sandbox still refuses a GSTIN of the wrong shape', () => {
    const doc = intra();
    loose(doc).SellerDtls.Gstin = '29AAACB1234C1Q';
    const result = validate('irn', doc, { today: '20/06/2024', environment: 'sandbox' });
    expect(result.errors.map((e) => e.path)).toContain('/SellerDtls/Gstin');
  });

  it('applies to e-waybill requests too', () => {
    const doc = ewbBase();
    doc['fromGstin'] = withWrongCheckChar(String(doc['fromGstin']));
    expect(validate('ewb', doc, { today: '15/06/2024' }).ok).toBe(false);
    const sandbox = validate('ewb', doc, { today: '15/06/2024', environment: 'sandbox' });
    expect(sandbox.errors).toEqual([]);
    expect(sandbox.warnings.map((w) => w.code)).toContain('SVC-156');
  });
});
