import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalize, validate } from '../../src/index.js';
import type { Kind } from '../../src/kinds.js';
import { portalDate, portalDateTime } from '../../src/normalize/portal-datetime.js';
import { readPortalResponse } from '../../src/normalize/portal-response.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/portal-responses/${name}`, import.meta.url), 'utf8'));

const cases: Array<[string, Kind]> = [
  ['ewb-detail.json', 'ewb-detail'],
  ['ewb-detail-bare.json', 'ewb-detail'],
  ['ewb-generated.json', 'ewb-response'],
  ['ewb-list-other-party.json', 'ewb-list-other-party'],
  ['ewb-list-by-date.json', 'ewb-list-by-date'],
  ['irn-record.json', 'irn-record'],
  ['party-gstin.json', 'party-gstin'],
  ['cancel-ewb.json', 'cancel-ewb-response'],
];

describe('portal date-times', () => {
  it('reads the e-waybill portal’s 12-hour times into 24-hour IST', () => {
    expect(portalDateTime('05/10/2022 12:39:00 PM')).toBe('05/10/2022 12:39:00');
    expect(portalDateTime('06/10/2022 11:59:00 PM')).toBe('06/10/2022 23:59:00');
    expect(portalDateTime('04/11/2026 12:41:00 AM')).toBe('04/11/2026 00:41:00');
    expect(portalDateTime('04/11/2026 01:05:09 am')).toBe('04/11/2026 01:05:09');
    expect(portalDateTime('4/11/2026 9:05 PM')).toBe('04/11/2026 21:05:00');
  });

  it('reads the IRP’s yyyy-MM-dd HH:mm:ss and keeps the service’s own form', () => {
    expect(portalDateTime('2026-11-03 12:06:41')).toBe('03/11/2026 12:06:41');
    expect(portalDateTime('03/11/2026 17:44:00')).toBe('03/11/2026 17:44:00');
    expect(portalDate('2017-07-01')).toBe('01/07/2017');
  });

  it('reads nothing that is not a real time', () => {
    for (const bad of ['31/02/2026 10:00:00 AM', '05/10/2022 13:00:00 PM', '05/10/2022 00:10:00 AM', '05/10/2022 24:00:00', 'today', '2026-13-01']) {
      expect(portalDateTime(bad)).toBeUndefined();
    }
  });

  it('a 12-hour time and its 24-hour reading name the same instant (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(2017, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }), (d) => {
        const two = (n: number): string => String(n).padStart(2, '0');
        const [day, month, year, h, m, s] = [d.getUTCDate(), d.getUTCMonth() + 1, d.getUTCFullYear(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()];
        const date = `${two(day)}/${two(month)}/${year}`;
        const twelve = `${date} ${two(h % 12 === 0 ? 12 : h % 12)}:${two(m)}:${two(s)} ${h < 12 ? 'AM' : 'PM'}`;
        const expected = `${date} ${two(h)}:${two(m)}:${two(s)}`;
        expect(portalDateTime(twelve)).toBe(expected);
        expect(portalDateTime(expected)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('responses as the portals return them', () => {
  for (const [file, kind] of cases) {
    it(`${file} is a valid ${kind}, with no error and no warning`, () => {
      const result = validate(kind, fixture(file));
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([]);
      expect(result.ok).toBe(true);
    });
  }

  it('normalises the e-waybill detail: 24-hour times, trimmed codes, numbers, absent values left out', () => {
    const value = normalize('ewb-detail', fixture('ewb-detail.json')).value as any;
    const d = value.Response;
    expect(d.ewbNo).toBe(381004782215);
    expect(d.ewayBillDate).toBe('03/11/2026 12:07:00');
    expect(d.validUpto).toBe('05/11/2026 23:59:00');
    expect(d.subSupplyType).toBe('1');
    expect(d.supplyType).toBe('O');
    expect(d.genMode).toBe('API');
    expect(d.fromPincode).toBe(560058);
    expect(d.totInvValue).toBe(56876);
    expect(d.igstValue).toBe(8676);
    expect(d.transactionType).toBe(1);
    expect('fromAddr2' in d).toBe(false);
    expect('cessNonAdvolValue' in d).toBe(false);
    expect(d.subSupplyDesc).toBeNull();
    expect(d.itemList[0]).toMatchObject({ hsnCode: 84821011, quantity: 400, igstRate: 18, taxableAmount: 48200 });
    expect(d.VehiclListDetails[0]).toMatchObject({ transMode: '1', enteredDate: '03/11/2026 12:07:00', fromState: 29, tripshtNo: 0 });
    expect(d.VehiclListDetails[1].enteredDate).toBe('04/11/2026 00:41:00');
    expect(d.VehiclListDetails[0].transDocDate).toBeNull();
  });

  it('puts a bare e-waybill record or list in the service envelope', () => {
    const detail = normalize('ewb-detail', fixture('ewb-detail-bare.json')).value as any;
    expect(detail.Success).toBe(true);
    expect(detail.Response.subSupplyType).toBe('4');
    expect(detail.Response.validUpto).toBeNull();
    const list = normalize('ewb-list-by-date', fixture('ewb-list-by-date.json')).value as any;
    expect(list.Success).toBe(true);
    expect(list.Response.map((e: any) => e.ewbNo)).toEqual([381004782215, 381004782301]);
    expect(list.Response[1].ewbDate).toBe('03/11/2026 18:30:00');
    const other = normalize('ewb-list-other-party', fixture('ewb-list-other-party.json')).value as any;
    expect(other.Response[0]).toMatchObject({ totInvValue: 118000, hsnCode: 8482, rejectStatus: 'N', ewayBillDate: '18/11/2026 19:52:00' });
    expect(other.Response[1].ewayBillDate).toBe('18/11/2026 00:00:00');
  });

  it('reads the generation, IRN, GSTIN and cancellation answers in the portals’ own names', () => {
    expect(normalize('ewb-response', fixture('ewb-generated.json')).value).toMatchObject({
      Success: true,
      EwbStatus: 'ACT',
      EwbNo: '381004782215',
      EwbTime: '03/11/2026 12:07:00',
      EwbValidTill: '05/11/2026 23:59:00',
    });
    expect(normalize('irn-record', fixture('irn-record.json')).value).toMatchObject({
      Success: true,
      AckNo: '182610044527734',
      AckTime: '03/11/2026 12:06:41',
      IrnStatus: 'ACT',
      EwbNo: '381004782215',
      EwbTime: '03/11/2026 12:07:00',
      EwbValidTill: '05/11/2026 23:59:00',
    });
    expect(normalize('party-gstin', fixture('party-gstin.json')).value).toMatchObject({ StateCode: 33, AddrPncd: 600002, DtReg: '01/07/2017', DtDReg: null });
    expect(normalize('cancel-ewb-response', fixture('cancel-ewb.json')).value).toEqual({
      Success: true,
      EwbNo: '381004782215',
      CancelTime: '03/11/2026 17:44:00',
    });
  });

  it('an error answer stays an error answer, in the IRP’s and the e-waybill portal’s forms', () => {
    const irp = validate('irn-record', { Status: 0, ErrorDetails: [{ ErrorCode: '2150 ', ErrorMessage: 'Duplicate IRN' }], Data: null, InfoDtls: null }, {});
    expect(irp.errors).toEqual([]);
    expect(irp.value).toMatchObject({ Success: false, Errors: [{ Code: '2150', Message: 'Duplicate IRN' }] });
    const ewb = validate('ewb-response', { status: '0', error: { errorCodes: '312,604,' } });
    expect(ewb.errors).toEqual([]);
    expect((ewb.value as any).Errors.map((e: any) => e.Code)).toEqual(['312', '604']);
  });

  it('reading a response twice changes nothing more, and never changes a value’s meaning (property)', () => {
    const numeric = fc.oneof(
      fc.integer({ min: 0, max: 999_999_999 }),
      fc.double({ min: 0, max: 1e9, noNaN: true }).map((n) => Math.round(n * 100) / 100),
    );
    fc.assert(
      fc.property(numeric, numeric, fc.nat({ max: 12 }), fc.constantFrom(' ', '  ', ''), (value, quantity, sub, pad) => {
        const raw = {
          Success: true,
          Response: {
            ewbNo: '381004782215',
            ewayBillDate: '03/11/2026 12:07:00 PM',
            status: 'ACT',
            docType: 'INV',
            docNo: 'A/1',
            docDate: '03/11/2026',
            fromGstin: 'URP',
            toGstin: 'URP',
            totInvValue: String(value),
            subSupplyType: `${sub}${pad}`,
            itemList: [{ quantity: String(quantity) }],
          },
        };
        const once = readPortalResponse('ewb-detail', raw) as any;
        expect(readPortalResponse('ewb-detail', once)).toEqual(once);
        expect(once.Response.totInvValue).toBe(Number(String(value)));
        expect(once.Response.itemList[0].quantity).toBe(quantity);
        expect(once.Response.subSupplyType).toBe(String(sub));
      }),
      { numRuns: 300 },
    );
  });

  it('a blank where the schema lists the values is an absent value (BlkStatus "")', () => {
    const result = validate('party-gstin', { ...(fixture('party-gstin.json') as object), BlkStatus: '', TxpType: 'REG ' });
    expect(result.errors).toEqual([]);
    expect(result.value).toMatchObject({ BlkStatus: null, TxpType: 'REG' });
  });

  it('leaves request payloads alone', () => {
    const doc = { supplyType: 'O ', docDate: '2026-11-03' };
    expect(readPortalResponse('ewb', doc)).toBe(doc);
  });
});
