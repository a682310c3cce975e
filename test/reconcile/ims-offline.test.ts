import { describe, expect, it } from 'vitest';
import { imsDecisionsFromReconciliation, imsOfflineJson, reconcile } from '../../src/reconcile/index.js';
import { doc2b, purchase, RECIPIENT, SUPPLIER } from './helpers.js';

const A: [number, number, number, number, number] = [10000, 1800, 0, 0, 0];
const NOTE: [number, number, number, number, number] = [1000, 0, 90, 90, 0];
const opts = { gstin: RECIPIENT, period: '2025-11' };

describe('IMS offline upload JSON from a reconciliation', () => {
  it('groups the actions by IMS section with the 2B amounts, and the declaration per head on an accepted credit note', () => {
    const result = reconcile(
      [purchase('BS/1', '05/11/2025', A), purchase('CN/1', '10/11/2025', [1000, 0, 60, 60, 0], { docType: 'CRN' })],
      [
        doc2b('BS/1', '05/11/2025', A, { value: 11800, placeOfSupply: '27', supplierPeriod: '2025-11' }),
        doc2b('CN/1', '10/11/2025', NOTE, { section: 'CDNR', kind: 'Credit Note', sign: -1, value: 1180 }),
        doc2b('BS/2', '07/11/2025', A),
      ],
      { tolerance: { absolute: 100 } },
    );
    const { json, records, skipped } = imsOfflineJson(result, opts);
    expect(records).toBe(3);
    expect(skipped).toEqual([]);
    expect(json.gstin).toBe(RECIPIENT);
    expect(json.rtnprd).toBe('112025');
    expect(Object.keys(json.invdata).sort()).toEqual(['b2b', 'cn']);
    expect(json.invdata['b2b']?.find((r) => r.inum === 'BS/1')).toEqual({
      stin: SUPPLIER,
      inum: 'BS/1',
      idt: '05-11-2025',
      val: 11800,
      txval: 10000,
      iamt: 1800,
      camt: 0,
      samt: 0,
      cess: 0,
      pos: '27',
      rtnprd: '112025',
      action: 'A',
    });
    expect(json.invdata['b2b']?.find((r) => r.inum === 'BS/2')?.action).toBe('P');
    expect(json.invdata['cn']).toEqual([
      {
        stin: SUPPLIER,
        nt_num: 'CN/1',
        nt_dt: '10-11-2025',
        ntty: 'C',
        val: 1180,
        txval: 1000,
        iamt: 0,
        camt: 90,
        samt: 90,
        cess: 0,
        action: 'A',
        itcRedReq: 'Y',
        declIgst: 0,
        declCgst: 60,
        declSgst: 60,
        declCess: 0,
      },
    ]);
    // A JSON text that reads back the same (no undefined, no NaN).
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('declares on an accepted amendment that lowers the original the tax it removes', () => {
    const original = doc2b('BS/8', '05/10/2025', A, { period: '2025-11' });
    const amended = doc2b('BS/8', '05/10/2025', [8000, 1440, 0, 0, 0], { section: 'B2BA', originalNumber: 'BS/8', originalDate: original.date });
    const result = reconcile([purchase('BS/8', '05/10/2025', [8000, 1440, 0, 0, 0])], [original, amended]);
    const decision = imsDecisionsFromReconciliation(result, opts).decisions.find((d) => d.section === 'B2BA');
    expect(decision?.action).toBe('A');
    expect(decision?.declaration).toMatchObject({ kind: 'full', itcRedReq: 'Y', igst: 360, cgst: 0, sgst: 0, cess: 0 });
    expect(imsOfflineJson(result, opts).json.invdata['b2ba']?.[0]).toMatchObject({ inum: 'BS/8', action: 'A', itcRedReq: 'Y', declIgst: 360 });
  });

  it('writes nothing for rows outside IMS (reverse charge, imports)', () => {
    const result = reconcile([], [doc2b('RC/1', '05/11/2025', A, { reverseCharge: 'Y' })]);
    expect(imsOfflineJson(result, opts)).toEqual({ json: { gstin: RECIPIENT, rtnprd: '112025', invdata: {} }, records: 0, skipped: [] });
  });
});
