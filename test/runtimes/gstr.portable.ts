/**
 * The GSTR readers on every runtime, and the reconciliation of the shipped example purchase register
 * against the shipped GSTR-2B (imported into the bundle, not read from disk).
 * @module
 */
import { readGstr2b, readGstr3b } from '../../src/gstr/index.js';
import { readPurchaseCsv, reconcile, toJsonRow } from '../../src/reconcile/index.js';
import purchasesCsv from '../../docs/examples/reconcile/purchases.csv';
import gstr2bExample from '../../docs/examples/reconcile/gstr2b-112025.json' with { type: 'json' };
import gstr3bOffline from '../gstr/fixtures/gstr3b-offline.json' with { type: 'json' };
import { describe, expect, it, same } from './harness.js';

describe('GSTR readers', () => {
  it('reads the GSTR-2B example into documents', () => {
    const r = readGstr2b(gstr2bExample);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value.documents.length).toBeGreaterThan(0);
    expect(r.value.documents.every((d) => d.returnType === 'gstr2b')).toBe(true);
    same('2b documents', r.value.documents);
  });

  it('reads a GSTR-3B offline file', () => {
    const r = readGstr3b(gstr3bOffline);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    same('3b', r.value);
  });

  it('refuses what is not a return with a coded error, not a crash', () => {
    const r = readGstr2b({ nonsense: true });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]?.code).toMatch(/^SVC-\d+$/);
  });
});

describe('reconciliation of the examples', () => {
  it('matches the example purchase register against the example GSTR-2B', () => {
    const csv = readPurchaseCsv(purchasesCsv);
    const b2b = readGstr2b(gstr2bExample);
    if (!csv.ok || !b2b.ok) throw new Error('examples unreadable');
    expect(csv.value.rows).toHaveLength(7);
    const result = reconcile(csv.value.rows, [b2b.value]);
    const steel = result.rows.map(toJsonRow).filter((r) => r.supplierGstin === '29AAACB2894G1ZJ');
    const count = (status: string): number => steel.filter((r) => r.status === status).length;
    // The same tally test/reconcile/io.test.ts reads from the Excel report's summary.
    expect([count('matched'), count('matched-with-tolerance'), count('mismatch'), count('missing-in-2b'), count('missing-in-books')]).toEqual([2, 1, 1, 0, 1]);
    same('reconcile rows', result.rows.map(toJsonRow));
  });
});
