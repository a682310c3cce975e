/**
 * Reconciliation matching on every runtime: the passes that pair a purchase with a GSTR-2B document.
 * @module
 */
import { normalizeNumber, reconcile, toJsonRow } from '../../src/reconcile/index.js';
import { doc2b, purchase, SUPPLIER } from '../reconcile/helpers.js';
import { describe, expect, it, same } from './harness.js';

const A: [number, number, number, number, number] = [10000, 1800, 0, 0, 0];
const one = (p: ReturnType<typeof purchase>, d: ReturnType<typeof doc2b>, options = {}) => reconcile([p], [d], options).rows.map(toJsonRow);

describe('reconciliation matching', () => {
  it('normalises document numbers', () => {
    for (const n of ['INV/2025-26/0042', 'inv-42', 'INV 0042 / 25-26', 'FY25-26/INV/42']) expect(normalizeNumber(n), n).toBe('INV42');
  });

  it('exact: same GSTIN, type, number (case aside), financial year and amounts', () => {
    const [row] = one(purchase('bs/0042', '05/11/2025', A), doc2b('BS/0042', '05/11/2025', A));
    expect(row?.status).toBe('matched');
    expect(row?.pass).toBe('exact');
    expect(row?.supplierGstin).toBe(SUPPLIER);
    expect(row?.suggestedImsAction).toBe('accept');
    same('exact row', row);
  });

  it('amount-tolerance: within a rupee by default, with the difference per head', () => {
    const [row] = one(purchase('BS/42', '05/11/2025', [10000, 1800.6, 0, 0, 0]), doc2b('BS/42', '05/11/2025', A));
    expect(row?.status).toBe('matched-with-tolerance');
    expect(row?.differences.igst).toBe(0.6);
    expect(row?.reasons).toContain('IGST differs by ₹0.60 (books ₹1800.60, 2B ₹1800.00)');
    const tight = one(purchase('BS/42', '05/11/2025', [10000, 1800.6, 0, 0, 0]), doc2b('BS/42', '05/11/2025', A), { tolerance: { absolute: 0.5 } });
    expect(tight[0]?.status).toBe('mismatch');
  });

  it('date-window: financial years differ but the dates are close', () => {
    const [row] = one(purchase('BS/42', '31/03/2025', A), doc2b('BS/42', '02/04/2025', A));
    expect(row?.pass).toBe('date-window');
  });

  it('reports a purchase without a 2B document and a 2B document without a purchase', () => {
    const rows = reconcile([purchase('BS/1', '05/11/2025', A)], [doc2b('BS/2', '20/11/2025', [5000, 900, 0, 0, 0])]).rows.map(toJsonRow);
    expect(rows.map((r) => r.status).sort()).toEqual(['missing-in-2b', 'missing-in-books']);
    same('missing rows', rows);
  });
});
