import { describe, expect, it } from 'vitest';
import { claimDeadline } from '../../src/reconcile/itc-flags.js';
import { type ItcFlag, type PurchaseRow, reconcile, toJsonRow, writeReconcileReport } from '../../src/reconcile/index.js';
import { memorySink } from '../../src/render/excel/zip.js';
import type { ReturnStore } from '../../src/ports/returns.js';
import { reconcileStored } from '../../src/reconcile/index.js';
import { readWorkbook } from '../gstr/helpers.js';
import { doc2b, purchase } from './helpers.js';

const AMOUNTS: [number, number, number, number, number] = [1000, 0, 90, 90, 0];

/** The flag codes on the single row for `p`, reconciled alone (missing in 2B) as of `asOf`. */
function codesOf(p: PurchaseRow, asOf: string): string[] {
  const result = reconcile([p], [], { asOf });
  expect(result.rows).toHaveLength(1);
  return (result.rows[0]!.flags ?? []).map((f) => f.code);
}

describe('section 16(4) time limit', () => {
  it('ends on 30 November after the financial year, and on 30 November 2021 for 2017-18 to 2020-21', () => {
    expect(
      claimDeadline(new Date(Date.UTC(2024, 3, 1)))
        .toISOString()
        .slice(0, 10),
    ).toBe('2025-11-30');
    expect(
      claimDeadline(new Date(Date.UTC(2025, 2, 31)))
        .toISOString()
        .slice(0, 10),
    ).toBe('2025-11-30');
    expect(
      claimDeadline(new Date(Date.UTC(2025, 3, 1)))
        .toISOString()
        .slice(0, 10),
    ).toBe('2026-11-30');
    expect(
      claimDeadline(new Date(Date.UTC(2018, 5, 15)))
        .toISOString()
        .slice(0, 10),
    ).toBe('2021-11-30');
  });

  it('is raised the day after the deadline, not on it', () => {
    const p = purchase('BS/1', '15/03/2025', AMOUNTS);
    expect(codesOf(p, '30/11/2025')).not.toContain('ITC-16-4');
    expect(codesOf(p, '01/12/2025')).toContain('ITC-16-4');
    const flag = reconcile([p], [], { asOf: '2025-12-01' }).rows[0]!.flags!.find((f) => f.code === 'ITC-16-4')!;
    expect(flag.reference).toBe('CGST Act s.16(4)');
    expect(flag.message).toContain('30/11/2025');
  });

  it('reads the 2B date when the document is not booked, and skips credit notes and bills of entry', () => {
    const rows = reconcile([], [doc2b('BS/2', '10/05/2024', AMOUNTS)], { asOf: '2025-12-01' }).rows;
    expect(rows[0]!.flags?.map((f) => f.code)).toEqual(['ITC-16-4']);
    expect(codesOf(purchase('CN/1', '10/05/2024', AMOUNTS, { docType: 'CRN' }), '2025-12-01')).toEqual([]);
    expect(codesOf(purchase('BE/1', '10/05/2024', [1000, 180, 0, 0, 0], { docType: 'BOE', supplierGstin: '' }), '2025-12-01')).toEqual([]);
  });
});

describe('Rule 37: payment within 180 days', () => {
  // 1 January 2025 + 180 days = 30 June 2025.
  const withPayment = (paid: string, more: Record<string, string> = {}): PurchaseRow =>
    purchase('BS/3', '01/01/2025', AMOUNTS, { extra: { payment_date: paid, ...more } });

  it('flags an unpaid invoice only once the 180 days have run out', () => {
    expect(codesOf(withPayment(''), '30/06/2025')).not.toContain('ITC-R37-UNPAID');
    expect(codesOf(withPayment(''), '01/07/2025')).toContain('ITC-R37-UNPAID');
  });

  it('flags a payment made after the 180th day, not one made on it', () => {
    expect(codesOf(withPayment('30/06/2025'), '2025-09-01')).toEqual([]);
    expect(codesOf(withPayment('01/07/2025'), '2025-09-01')).toEqual(['ITC-R37-PAID-LATE']);
  });

  it('is not checked without a payment column, nor for reverse-charge supplies', () => {
    expect(codesOf(purchase('BS/3', '01/01/2025', AMOUNTS), '2025-09-01')).toEqual([]);
    expect(codesOf(withPayment('', { reverse_charge: 'Y' }), '2025-09-01')).toEqual(['ITC-RCM']);
  });

  it('reads the column under another spelling, and says when the date is unreadable', () => {
    expect(codesOf(purchase('BS/3', '01/01/2025', AMOUNTS, { extra: { paymentDate: '' } }), '2025-07-01')).toEqual(['ITC-R37-UNPAID']);
    expect(codesOf(withPayment('soon'), '2025-07-01')).toEqual(['ITC-R37-DATE']);
  });
});

describe('reverse charge', () => {
  it('is raised from GSTR-2B or from the register, and names a disagreement', () => {
    const portalOnly = reconcile([], [doc2b('BS/4', '10/11/2025', AMOUNTS, { reverseCharge: 'Y' })], { asOf: '2025-12-01' }).rows[0]!;
    expect(portalOnly.flags?.map((f) => f.code)).toEqual(['ITC-RCM']);
    const disagree = reconcile(
      [purchase('BS/4', '10/11/2025', AMOUNTS, { extra: { reverse_charge: 'N' } })],
      [doc2b('BS/4', '10/11/2025', AMOUNTS, { reverseCharge: 'Y' })],
      { asOf: '2025-12-01' },
    ).rows[0]!;
    expect(disagree.flags![0]!.message).toContain('the books say not');
    expect(codesOf(purchase('BS/4', '10/11/2025', AMOUNTS, { extra: { reverse_charge: 'yes' } }), '2025-12-01')).toEqual(['ITC-RCM']);
  });

  it('is not raised when neither side says reverse charge', () => {
    const rows = reconcile(
      [purchase('BS/5', '10/11/2025', AMOUNTS, { extra: { reverse_charge: 'N' } })],
      [doc2b('BS/5', '10/11/2025', AMOUNTS, { reverseCharge: 'N' })],
      { asOf: '2025-12-01' },
    ).rows;
    expect(rows[0]!.flags).toBeUndefined();
  });
});

describe('blocked credits under section 17(5)', () => {
  const blocked = (extra: Record<string, string>): ItcFlag[] =>
    reconcile([purchase('BS/6', '10/11/2025', AMOUNTS, { extra })], [], { asOf: '2025-12-01' }).rows[0]!.flags ?? [];

  it('is raised from itc_blocked = Y or a category, with the clause when named', () => {
    expect(blocked({ itc_blocked: 'Y' }).map((f) => f.reference)).toEqual(['CGST Act s.17(5)']);
    expect(blocked({ blocked_category: '17(5)(b)' }).map((f) => f.reference)).toEqual(['CGST Act s.17(5)(b)']);
    expect(blocked({ blocked_category: 'staff canteen' })[0]!.message).toContain('staff canteen');
  });

  it('is not raised for N or an empty category', () => {
    expect(blocked({ itc_blocked: 'N', blocked_category: '' })).toEqual([]);
  });
});

describe('flags are information only', () => {
  it('leave statuses, pairs and IMS suggestions as they are, and show in the JSON row', () => {
    const purchases = [
      purchase('BS/7', '01/01/2024', AMOUNTS, { extra: { payment_date: '', reverse_charge: '', itc_blocked: 'Y' } }),
      purchase('BS/8', '02/01/2024', [500, 0, 45, 45, 0], { extra: { payment_date: '', reverse_charge: '', itc_blocked: '' } }),
      purchase('BS/9', '03/01/2024', AMOUNTS, { extra: { payment_date: '', reverse_charge: 'Y', itc_blocked: '' } }),
    ];
    const gstr2b = [doc2b('BS/7', '01/01/2024', AMOUNTS), doc2b('BS-8', '02/01/2024', [500, 0, 45, 45.5, 0]), doc2b('BS/10', '05/01/2024', AMOUNTS)];
    const before = reconcile(purchases, gstr2b, { asOf: '2024-01-10' });
    const after = reconcile(purchases, gstr2b, { asOf: '2026-01-10' });
    expect(before.rows.some((r) => r.flags?.some((f) => f.code === 'ITC-16-4'))).toBe(false);
    expect(after.rows.every((r) => r.flags?.some((f) => f.code === 'ITC-16-4'))).toBe(true);
    const shape = (rows: typeof before.rows) => rows.map((r) => [r.status, r.pass, r.purchaseIndex, r.gstr2bIndex, r.suggestedImsAction, r.reasons.join('|')]);
    expect(shape(after.rows)).toEqual(shape(before.rows));
    expect(after.summary).toEqual(before.summary);
    const json = toJsonRow(after.rows.find((r) => r.purchaseIndex === 0)!);
    expect(json.flags?.map((f) => f.code)).toEqual(['ITC-16-4', 'ITC-R37-UNPAID', 'ITC-17-5']);
  });
});

describe('the workbook', () => {
  it('carries the flags in an ITC flags column of the detail, read back by a second reader', async () => {
    const result = reconcile([purchase('BS/11', '10/11/2025', AMOUNTS, { extra: { blocked_category: 'g' } }), purchase('BS/12', '11/11/2025', AMOUNTS)], [], {
      asOf: '2025-12-01',
    });
    const sink = memorySink();
    await writeReconcileReport(sink, result, { generatedAt: new Date('2025-12-15T00:00:00Z') });
    const [, detail] = await readWorkbook(sink.bytes());
    const head = detail!.rows[0] as string[];
    const column = head.indexOf('ITC flags');
    expect(column).toBeGreaterThan(-1);
    const byNumber = (no: string) => detail!.rows.find((r) => r?.[head.indexOf('Books number')] === no)!;
    expect(String(byNumber('BS/11')[column])).toMatch(
      /^ITC-17-5 \(CGST Act s\.17\(5\)\(g\)\): blocked credit \(g: goods or services for personal consumption\)/,
    );
    expect(byNumber('BS/12')[column] ?? null).toBeNull();
  });
});

describe('the job request', () => {
  it('refuses an unreadable options.asOf with a coded error naming it, before reading the store', async () => {
    const untouched = new Proxy({} as ReturnStore, {
      get: () => {
        throw new Error('the store should not be read');
      },
    });
    const out = await reconcileStored(
      { store: untouched },
      { gstin: '29AAACB2894G1ZJ', startPeriod: '2025-11', endPeriod: '2025-11', purchases: [], options: { asOf: '31/02/2025' } },
    );
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.errors[0]!.path).toBe('/options/asOf');
  });
});
