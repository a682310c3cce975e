/**
 * NIC's GetTripSheet and REGENTRIPSHEET answers (the fixtures of docs/portal-responses.md) through the NIC
 * connector's movement actions: what the host returns is the trip-sheet kind's `Response` and the
 * consolidated answer without a blank date, and the trip sheet PDF draws the trip sheet as NIC gives it.
 */
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nicMovementActions, type MovementWire } from '../../src/connectors/nic/ewaybill-movement.js';
import { validate } from '../../src/index.js';
import type { ProviderContext } from '../../src/ports/index.js';
import type { ConsolidatedEwbPayload, RegenerateTripSheetPayload } from '../../src/types/payloads.js';
import { renderTripSheetPdf } from '../../src/render/pdf/index.js';
import { hasTool, run } from '../render/tools.js';

type Obj = Record<string, unknown>;

const fixture = (name: string): Obj => JSON.parse(readFileSync(new URL(`../fixtures/portal-responses/${name}`, import.meta.url), 'utf8')) as Obj;

/** A wire that answers every call with the given decrypted data, as the connector's exchanges hand it on. */
function answering(data: Obj): MovementWire {
  return {
    post: async () => ({ ok: true, value: data }),
    get: async () => ({ ok: true, value: data }),
  };
}

const ctx = {} as ProviderContext;
const GSTIN = '29AAACB1234C1ZB';
const poppler = hasTool('pdftotext');

describe('the NIC connector reads GetTripSheet as the trip-sheet kind', () => {
  it('returns the v1.03 answer in the kind’s names, times and numbers, valid as the host sends it', async () => {
    const out = await nicMovementActions(answering(fixture('ewb-get-trip-sheet.json'))).getTripSheet(ctx, GSTIN, '3810012345');
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    expect(out.value).toMatchObject({ tripSheetNo: '3810012345', fromState: 29, transMode: '1', enteredDate: '04/11/2026 07:15:00' });
    expect(out.value['tripSheetEwbBills']).toEqual([
      expect.objectContaining({
        ewbNo: '381004782215',
        ewayBillDate: '03/11/2026 12:07:00',
        fromTrdName: 'BHARAT COMPONENTS PVT LTD',
        toTrdName: 'RANGA STORES',
        validUpto: '05/11/2026 12:00:00',
      }),
      expect.objectContaining({ ewbNo: '381004782301', ewayBillDate: '03/11/2026 18:30:00', totInvValue: 29500 }),
    ]);
    expect(validate('trip-sheet', { Success: true, Response: out.value }).errors).toEqual([]);
  });

  it('returns the v1.01 answer with its assessable value and no validity', async () => {
    const out = await nicMovementActions(answering(fixture('ewb-get-trip-sheet-v101.json'))).getTripSheet(ctx, GSTIN, '3810012347');
    if (!out.ok) throw new Error(JSON.stringify(out.errors));
    expect(out.value['tripSheetEwbBills']).toEqual([
      expect.objectContaining({ ewbNo: '381004790210', ewayBillDate: '04/11/2026 15:27:00', assessValue: 25000, validUpto: null }),
    ]);
    expect(validate('trip-sheet', { Success: true, Response: out.value }).errors).toEqual([]);
  });

  it.skipIf(!poppler)('draws the trip sheet NIC gives: members, values, the assessable value so labelled, CNL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gstkit-nic-trip-'));
    const text = async (answer: Obj, tripSheetNo: string): Promise<string> => {
      const out = await nicMovementActions(answering(answer)).getTripSheet(ctx, GSTIN, tripSheetNo);
      if (!out.ok) throw new Error(JSON.stringify(out.errors));
      const pdf = await renderTripSheetPdf(out.value);
      if (!pdf.ok) throw new Error(JSON.stringify(pdf.errors));
      const file = join(dir, `${tripSheetNo}.pdf`);
      writeFileSync(file, pdf.value);
      return run('pdftotext', ['-layout', file, '-']);
    };
    const v103 = await text(fixture('ewb-get-trip-sheet.json'), '3810012345');
    expect(v103).toContain('3810012345');
    expect(v103).toContain('381004782301');
    expect(v103).toContain('03/11/2026 12:07:00');
    expect(v103).toContain('₹ 1,18,000.00');
    expect(v103).toContain('Karnataka (29)');
    const v101 = await text(fixture('ewb-get-trip-sheet-v101.json'), '3810012347');
    expect(v101).toMatch(/₹ 25,000\.00[\s\S]{0,200}assessable/);
    expect(v101).not.toContain('₹ 0.00');
    // The connector's exchange hands on the envelope's decrypted data.
    const gsp = await text(fixture('ewb-get-trip-sheet-gsp.json')['data'] as Obj, '3810012346');
    expect(gsp).toContain('Cancelled');
  });
});

describe('the NIC connector reads the consolidated answers', () => {
  it('leaves out the date REGENTRIPSHEET does not give, rather than sending it blank', async () => {
    const request = {
      tripSheetNo: '3810012345',
      fromPlace: 'HOSUR',
      fromState: 33,
      reasonCode: '1',
      reasonRem: 'Breakdown',
      transMode: '1',
      vehicleNo: 'TN70C4410',
    } as unknown as RegenerateTripSheetPayload;
    const out = await nicMovementActions(answering(fixture('ewb-regenerate-trip-sheet.json'))).regenerateTripSheet(ctx, GSTIN, request);
    expect(out).toEqual({ ok: true, value: { cEwbNo: '3810012346' } });
    expect(validate('consolidated-ewb-response', { Success: true, ...(out.ok ? out.value : {}) }).errors).toEqual([]);
  });

  it('keeps GENCEWB’s date, in 24-hour IST', async () => {
    const request = {
      fromPlace: 'BENGALURU',
      fromState: 29,
      transMode: '1',
      vehicleNo: 'KA01AB1234',
      tripSheetEwbBills: [{ ewbNo: '381004782215' }],
    } as unknown as ConsolidatedEwbPayload;
    const out = await nicMovementActions(answering(fixture('ewb-consolidated.json'))).consolidate(ctx, GSTIN, request);
    expect(out).toEqual({ ok: true, value: { cEwbNo: '3810012345', cEWBDate: '04/11/2026 07:15:00' } });
  });
});
