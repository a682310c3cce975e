/**
 * Every answer the portals give, read as they give it: one fixture per action of the IRP and the
 * e-waybill system (the bare answer with the field names and date forms of NIC's API pages) and one per
 * envelope (the portals' failures, the GSP-style Status/Data wrappers, the service's own Success form),
 * each read through its response kind to the exact normalised value. The fixtures are ours, written in
 * the documented forms (test/fixtures/portal-responses/README.md); docs/portal-responses.md lists the
 * actions with their sources.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalize, validate } from '../../src/index.js';
import type { Kind } from '../../src/kinds.js';
import { portalDateTime, portalInstant } from '../../src/normalize/portal-datetime.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/portal-responses/${name}`, import.meta.url), 'utf8'));

const IRN = '6b0c2b5c7c9d1c7e0a4ff1b2e3d4c5b6a79880716253443526170819a2b3c4d5';
const SIGNED_INVOICE = 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoiZ3N0a2l0In0.c2lnbmF0dXJl';
const SIGNED_QR = 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoicXIifQ.c2lnbmF0dXJl';
const registered = { AckNo: '182610044527734', AckTime: '03/11/2026 12:06:41', Irn: IRN, SignedInvoice: SIGNED_INVOICE, SignedQRCode: SIGNED_QR };
const noEwb = { EwbNo: null, EwbTime: null, EwbValidTill: null, Remarks: null };
const refused = (...codes: string[]) => ({
  Success: false,
  Errors: codes.map((Code) => ({ Code, Message: `The e-waybill portal refused the request with code ${Code}.` })),
});

interface Case {
  /** The portal action (or envelope) the fixture answers, as NIC names it. */
  action: string;
  file: string;
  kind: Kind;
  expected: unknown;
}

const irp: Case[] = [
  {
    action: 'IRP generate IRN, GSP wrapper {Status, Data (decrypted), ErrorDetails, InfoDtls}',
    file: 'irp-generate-irn-gsp.json',
    kind: 'irn-record',
    expected: {
      Success: true,
      AckNo: '182610044527790',
      AckTime: '04/11/2026 10:15:07',
      Irn: '9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f',
      SignedInvoice: SIGNED_INVOICE,
      SignedQRCode: SIGNED_QR,
      IrnStatus: 'ACT',
      EwbNo: '381004790155',
      EwbTime: '04/11/2026 10:15:09',
      EwbValidTill: '05/11/2026 23:59:00',
      Remarks: null,
      InfoDtls: [{ InfCd: 'EWBPPD', Desc: 'Pin-Pin calc distance: 152KM' }],
    },
  },
  {
    action: 'IRP get IRN by IRN (a cancelled IRN, no e-waybill)',
    file: 'irp-get-irn-cancelled.json',
    kind: 'irn-record',
    expected: { Success: true, ...registered, IrnStatus: 'CNL', ...noEwb },
  },
  {
    action: 'IRP get IRN by document, Data as JSON text',
    file: 'irp-get-irn-by-doc-text.json',
    kind: 'irn-record',
    expected: { Success: true, ...registered, IrnStatus: 'ACT', ...noEwb },
  },
  {
    action: 'IRP cancel IRN, bare {Irn, CancelDate}',
    file: 'irp-cancel-irn.json',
    kind: 'cancel-irn-response',
    expected: { Success: true, Irn: IRN, CancelDate: '03/11/2026 18:02:00' },
  },
  {
    action: 'IRP cancel IRN, {data: JSON text} with CancelDate in epoch milliseconds',
    file: 'irp-cancel-irn-epoch.json',
    kind: 'cancel-irn-response',
    expected: { Success: true, Irn: IRN, CancelDate: '03/11/2026 18:02:00' },
  },
  {
    action: 'IRP cancel IRN, a service envelope naming the time CancelTime',
    file: 'irp-cancel-irn-service.json',
    kind: 'cancel-irn-response',
    expected: { Success: true, Irn: IRN, CancelDate: '03/11/2026 18:02:00' },
  },
  {
    action: 'IRP generate e-waybill by IRN, bare {EwbNo, EwbDt, EwbValidTill, Remarks}',
    file: 'irp-ewb-by-irn.json',
    kind: 'ewb-response',
    expected: {
      Success: true,
      EwbStatus: 'ACT',
      EwbNo: '381004790155',
      EwbTime: '04/11/2026 10:15:09',
      EwbValidTill: '05/11/2026 23:59:00',
      Remarks: 'Pin-Pin calc distance: 152KM',
    },
  },
  {
    action: 'IRP get e-waybill by IRN, bare {EwbNo, Status, GenGstin, EwbDt, EwbValidTill}',
    file: 'irp-get-ewb-by-irn.json',
    kind: 'ewb-response',
    expected: {
      Success: true,
      EwbStatus: 'ACT',
      EwbNo: '381004790155',
      GenGstin: '29AAACB1234C1ZB',
      EwbTime: '04/11/2026 10:15:09',
      EwbValidTill: '05/11/2026 23:59:00',
    },
  },
  {
    action: 'IRP GSTIN details, the fields of the v1.03 page (no DtReg)',
    file: 'irp-gstin-details.json',
    kind: 'party-gstin',
    expected: {
      Success: true,
      Gstin: '29AABCT5678D1Z2',
      TradeName: 'TUNGA PLATING WORKS',
      LegalName: 'TUNGA PLATING WORKS LLP',
      AddrBnm: '',
      AddrBno: '4',
      AddrFlno: '1',
      AddrSt: 'SAYYAJI RAO ROAD',
      AddrLoc: 'MYSURU',
      StateCode: 29,
      AddrPncd: 570001,
      TxpType: 'REG',
      BlkStatus: 'U',
    },
  },
  {
    action: 'IRP failure, ErrorDetails base64 as documented, lower-case status',
    file: 'irp-failure-base64.json',
    kind: 'cancel-irn-response',
    expected: {
      Success: false,
      Errors: [{ Code: '2270', Message: 'The allowed cancellation time limit is crossed, you cannot cancel the IRN' }],
    },
  },
  {
    action: 'IRP failure 2150 with DUPIRN in InfoDtls, padded code',
    file: 'irp-duplicate-irn.json',
    kind: 'irn-record',
    expected: {
      Success: false,
      Errors: [{ Code: '2150', Message: 'Duplicate IRN' }],
      InfoDtls: [{ InfCd: 'DUPIRN', Desc: { AckNo: 182610044527734, AckDt: '2026-11-03 12:06:41', Irn: IRN } }],
    },
  },
];

const ewbAnswers: Case[] = [
  {
    action: 'GENEWAYBILL, {status, data (decrypted)} wrapper',
    file: 'ewb-generate-gsp.json',
    kind: 'ewb-response',
    expected: { Success: true, EwbStatus: 'ACT', EwbNo: '381004790210', EwbTime: '04/11/2026 15:27:00', EwbValidTill: '05/11/2026 23:59:00', Alert: '' },
  },
  {
    action: 'VEHEWB (Part-B), bare {vehUpdDate, validUpto}',
    file: 'ewb-update-vehicle.json',
    kind: 'update-vehicle-response',
    expected: { Success: true, vehUpdDate: '04/11/2026 09:12:00', validUpto: '06/11/2026 23:59:00' },
  },
  {
    action: 'UPDATETRANSPORTER, bare {ewayBillNo, transporterId, transUpdateDate}',
    file: 'ewb-update-transporter.json',
    kind: 'update-transporter-response',
    expected: { Success: true, ewayBillNo: '381004782215', transporterId: '29AABCT1332L1ZT', transUpdateDate: '04/11/2026 10:05:27' },
  },
  {
    action: 'REJEWB, bare {ewayBillNo, ewbRejectedDate}',
    file: 'ewb-reject.json',
    kind: 'reject-ewb-response',
    expected: { Success: true, ewayBillNo: '391004822105', ewbRejectedDate: '19/11/2026 11:20:00' },
  },
  {
    action: 'EXTENDVALIDITY, bare {ewayBillNo, updatedDate, validUpto}',
    file: 'ewb-extend-validity.json',
    kind: 'extend-validity-response',
    expected: { Success: true, ewayBillNo: '381004782215', updatedDate: '05/11/2026 21:40:00', validUpto: '06/11/2026 23:59:00' },
  },
  {
    action: 'GENCEWB, bare {cEwbNo, cEwbDate}',
    file: 'ewb-consolidated.json',
    kind: 'consolidated-ewb-response',
    expected: { Success: true, cEwbNo: '3810012345', cEWBDate: '04/11/2026 07:15:00' },
  },
  {
    action: 'REGENTRIPSHEET, bare {tripSheetNo, tripSheetEwayBills}',
    file: 'ewb-regenerate-trip-sheet.json',
    kind: 'consolidated-ewb-response',
    expected: { Success: true, cEwbNo: '3810012346', tripSheetEwayBills: [{ ewbNo: '381004782215' }, { ewbNo: '381004782301' }] },
  },
  {
    action: 'MULTIVEHMOVINT, bare {ewbNo, groupNo, createdDate}',
    file: 'ewb-initiate-multi-vehicle.json',
    kind: 'initiate-multi-vehicle-response',
    expected: { Success: true, ewbNo: '381004782215', groupNo: 1, createdDate: '05/11/2026 14:04:00' },
  },
  {
    action: 'MULTIVEHADD, bare {ewbNo, groupNo, vehAddedDate}',
    file: 'ewb-add-multi-vehicle.json',
    kind: 'add-multi-vehicle-response',
    expected: { Success: true, ewbNo: '381004782215', groupNo: 1, vehAddedDate: '05/11/2026 14:08:00' },
  },
  {
    action: 'MULTIVEHUPD, bare {ewbNo, groupNo, vehUpdDate}',
    file: 'ewb-change-multi-vehicle.json',
    kind: 'change-multi-vehicle-response',
    expected: { Success: true, ewbNo: '381004782215', groupNo: 1, vehUpdDate: '05/11/2026 16:55:00' },
  },
  {
    action: 'GetGSTINDetails of the e-waybill system, bare {gstin, tradeName, address1, pinCode, ...}',
    file: 'ewb-gstin-details.json',
    kind: 'party-gstin',
    expected: {
      Success: true,
      Gstin: '33AAGCR9876F1ZY',
      TradeName: 'RANGA STORES',
      LegalName: 'RANGA TRADING COMPANY PRIVATE LIMITED',
      Address1: '7 MOUNT ROAD',
      Address2: 'CHENNAI',
      StateCode: 33,
      AddrPncd: 600002,
      TxpType: 'REG',
      Status: 'ACT',
      BlkStatus: null,
    },
  },
  {
    action: 'GetEwayBillsForTransporter, bare list (trailing space, 12.00:00 PM as the page writes it)',
    file: 'ewb-list-for-transporter.json',
    kind: 'ewb-list-for-transporter',
    expected: {
      Success: true,
      Response: [
        {
          ewbNo: 381004782215,
          ewbDate: '03/11/2026 12:07:00',
          genGstin: '29AAACB1234C1ZB',
          docNo: 'BC/26-27/0412',
          docDate: '03/11/2026',
          delPlace: 'CHENNAI',
          delPinCode: 600002,
          delStateCode: 33,
          validUpto: '05/11/2026 12:00:00',
          extendedTimes: 0,
          status: 'ACT',
          rejectStatus: 'N',
        },
      ],
    },
  },
  {
    action: 'GetEwayBillsRejectedByOthers, bare list',
    file: 'ewb-list-rejected.json',
    kind: 'ewb-list-rejected',
    expected: {
      Success: true,
      Response: [
        {
          ewbNo: 381004782301,
          ewbDate: '03/11/2026 18:30:00',
          status: 'ACT',
          genGstin: '29AAACB1234C1ZB',
          docNo: 'BC/26-27/0413',
          docDate: '03/11/2026',
          validUpto: '04/11/2026 23:59:00',
          rejectStatus: 'Y',
          rejectedDate: '04/11/2026 10:08:00',
        },
      ],
    },
  },
  {
    action: 'GetEwayBill in a {status, data, rek, hmac} wrapper, keys with trailing spaces as the v1.01 page writes them',
    file: 'ewb-get-ewaybill-gsp.json',
    kind: 'ewb-detail',
    expected: {
      Success: true,
      Response: {
        ewbNo: 381004790210,
        ewayBillDate: '04/11/2026 15:27:00',
        genMode: 'API',
        userGstin: '29AAACB1234C1ZB',
        supplyType: 'O',
        subSupplyType: '1',
        docType: 'INV',
        docNo: 'BC/26-27/0431',
        docDate: '04/11/2026',
        fromGstin: '29AAACB1234C1ZB',
        fromTrdName: 'BHARAT COMPONENTS PVT LTD',
        fromAddr1: '12 INDUSTRIAL LAYOUT',
        fromAddr2: 'PEENYA',
        fromPlace: 'BENGALURU',
        fromPincode: 560058,
        fromStateCode: 29,
        toGstin: '29AABCT5678D1Z2',
        toTrdName: 'TUNGA PLATING WORKS',
        toAddr1: '4 SAYYAJI RAO ROAD',
        toAddr2: '',
        toPlace: 'MYSURU',
        toPincode: 570001,
        toStateCode: 29,
        totalValue: 25000,
        totInvValue: 29500,
        cgstValue: 2250,
        sgstValue: 2250,
        igstValue: 0,
        cessValue: 0,
        cessNonAdvolValue: 0,
        otherValue: 0,
        transporterId: '',
        transporterName: '',
        status: 'ACT',
        actualDist: 152,
        noValidDays: 1,
        validUpto: '05/11/2026 23:59:00',
        extendedTimes: 0,
        rejectStatus: 'N',
        actFromStateCode: 29,
        actToStateCode: 29,
        vehicleType: 'R',
        transactionType: 1,
        itemList: [
          {
            itemNo: 1,
            productId: 0,
            productName: 'BEARING 6204',
            productDesc: '',
            hsnCode: 84821011,
            quantity: 250,
            qtyUnit: 'NOS',
            cgstRate: 9,
            sgstRate: 9,
            igstRate: 0,
            cessRate: 0,
            cessNonAdvol: 0,
            taxableAmount: 25000,
          },
        ],
        VehiclListDetails: [
          {
            updMode: 'API',
            vehicleNo: 'KA01AB1234',
            fromPlace: 'BENGALURU',
            fromState: 29,
            tripshtNo: 0,
            userGSTINTransin: '29AAACB1234C1ZB',
            enteredDate: '04/11/2026 15:27:00',
            transMode: '1',
            transDocNo: '',
            transDocDate: null,
            groupNo: '0',
          },
        ],
      },
    },
  },
];

/** GetTripSheet's trip sheet fields as the service reads them (NIC sends no vehicle history). */
const tripSheetHead = { fromPlace: 'BENGALURU', fromState: 29, transMode: '1', userGstin: '29AAACB1234C1ZB' };

const tripSheetAnswers: Case[] = [
  {
    action: 'GetTripSheet, bare, as the v1.03 page writes it (ewbDate, fromTradeName, 12.00:00 PM, padded texts)',
    file: 'ewb-get-trip-sheet.json',
    kind: 'trip-sheet',
    expected: {
      Success: true,
      Response: {
        ...tripSheetHead,
        tripSheetNo: '3810012345',
        vehicleNo: 'KA01AB1234',
        enteredDate: '04/11/2026 07:15:00',
        transDocNo: 'LR8841',
        transDocDate: '04/11/2026',
        tripSheetEwbBills: [
          {
            ewbNo: '381004782215',
            ewayBillDate: '03/11/2026 12:07:00',
            userGstin: '29AAACB1234C1ZB',
            docNo: 'BC/26-27/0412',
            docDate: '03/11/2026',
            fromGstin: '29AAACB1234C1ZB',
            fromTrdName: 'BHARAT COMPONENTS PVT LTD',
            toGstin: '33AAGCR9876F1ZY',
            toTrdName: 'RANGA STORES',
            totInvValue: 118000,
            validUpto: '05/11/2026 12:00:00',
          },
          {
            ewbNo: '381004782301',
            ewayBillDate: '03/11/2026 18:30:00',
            userGstin: '29AAACB1234C1ZB',
            docNo: 'BC/26-27/0413',
            docDate: '03/11/2026',
            fromGstin: '29AAACB1234C1ZB',
            fromTrdName: 'BHARAT COMPONENTS PVT LTD',
            toGstin: '29AABCT5678D1Z2',
            toTrdName: 'TUNGA PLATING WORKS',
            totInvValue: 29500,
            validUpto: '04/11/2026 23:59:00',
          },
        ],
      },
    },
  },
  {
    action: 'GetTripSheet in a {status, data} wrapper, with the trip sheet status CNL and null member fields',
    file: 'ewb-get-trip-sheet-gsp.json',
    kind: 'trip-sheet',
    expected: {
      Success: true,
      Response: {
        tripSheetNo: '3810012346',
        tripSheetStatus: 'CNL',
        fromPlace: 'HOSUR',
        fromState: 33,
        vehicleNo: 'TN70C4410',
        transMode: '1',
        transDocNo: '',
        transDocDate: null,
        userGstin: '29AAACB1234C1ZB',
        enteredDate: '04/11/2026 14:40:00',
        tripSheetEwbBills: [
          {
            ewbNo: '381004782215',
            ewayBillDate: '03/11/2026 12:07:00',
            userGstin: '29AAACB1234C1ZB',
            docNo: 'BC/26-27/0412',
            docDate: '03/11/2026',
            fromGstin: '29AAACB1234C1ZB',
            fromTrdName: '',
            toGstin: '33AAGCR9876F1ZY',
            toTrdName: '',
            totInvValue: 118000,
            status: 'ACT',
            validUpto: '05/11/2026 23:59:00',
          },
        ],
      },
    },
  },
  {
    action: 'GetTripSheet, bare, as the v1.01 page writes it (assessValue and the taxes, validUpto 0)',
    file: 'ewb-get-trip-sheet-v101.json',
    kind: 'trip-sheet',
    expected: {
      Success: true,
      Response: {
        ...tripSheetHead,
        tripSheetNo: '3810012347',
        vehicleNo: 'KA05MN7720',
        enteredDate: '05/11/2026 09:02:00',
        transDocNo: '',
        transDocDate: null,
        tripSheetEwbBills: [
          {
            ewbNo: '381004790210',
            ewayBillDate: '04/11/2026 15:27:00',
            userGstin: '29AAACB1234C1ZB',
            docNo: 'BC/26-27/0431',
            docDate: '04/11/2026',
            assessValue: 25000,
            cgstValue: 2250,
            sgstValue: 2250,
            igstValue: 0,
            cessValue: 0,
            validUpto: null,
          },
        ],
      },
    },
  },
];

const failures: Case[] = [
  {
    action: 'e-waybill failure {status "0", error: {errorCodes: "312,604,"}}',
    file: 'ewb-failure.json',
    kind: 'ewb-response',
    expected: refused('312', '604'),
  },
  {
    action: 'e-waybill failure, error as base64 of {"errorCodes":"312,"}',
    file: 'ewb-failure-base64.json',
    kind: 'cancel-ewb-response',
    expected: refused('312'),
  },
  {
    action: 'e-waybill failure, errorCodes as a number (GetGSTINDetails page)',
    file: 'ewb-failure-number.json',
    kind: 'party-gstin',
    expected: refused('240'),
  },
  { action: 'e-waybill failure, a bare {errorCodes: " 238 ,"}', file: 'ewb-failure-bare.json', kind: 'update-vehicle-response', expected: refused('238') },
  { action: 'e-waybill failure, error as JSON text', file: 'ewb-failure-text.json', kind: 'extend-validity-response', expected: refused('381') },
  {
    action: 'the service envelope {Success: false, Errors} with a padded code',
    file: 'service-failure.json',
    kind: 'ewb-detail',
    expected: { Success: false, Errors: [{ Code: '325', Message: 'Could not retrieve data' }] },
  },
];

/** The fixtures that were there before, read the same way (regression). */
const earlier: Case[] = [
  {
    action: 'CANEWB, bare {ewayBillNo, cancelDate}',
    file: 'cancel-ewb.json',
    kind: 'cancel-ewb-response',
    expected: { Success: true, EwbNo: '381004782215', CancelTime: '03/11/2026 17:44:00' },
  },
  {
    action: 'GENEWAYBILL, bare {ewayBillNo, ewayBillDate, validUpto, alert}',
    file: 'ewb-generated.json',
    kind: 'ewb-response',
    expected: {
      Success: true,
      EwbStatus: 'ACT',
      EwbNo: '381004782215',
      EwbTime: '03/11/2026 12:07:00',
      EwbValidTill: '05/11/2026 23:59:00',
      Alert: 'Distance between these two pincodes is 347,',
    },
  },
];

describe('every answer the portals give, read as they give it', () => {
  for (const c of [...irp, ...ewbAnswers, ...tripSheetAnswers, ...failures, ...earlier]) {
    it(`${c.action} (${c.file} as ${c.kind})`, () => {
      const answer = fixture(c.file);
      expect(normalize(c.kind, answer).value).toEqual(c.expected);
      const result = validate(c.kind, answer);
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([]);
    });
  }
});

describe('the date-time forms NIC’s own samples write', () => {
  it('reads a dot after the hour, a stray dash, a missing space and epoch milliseconds, in IST', () => {
    expect(portalDateTime('17/09/2026 12.00:00 PM')).toBe('17/09/2026 12:00:00');
    expect(portalDateTime('17/09/2026 -11:59:00 PM')).toBe('17/09/2026 23:59:00');
    expect(portalDateTime('21/05/202611:59:00 PM')).toBe('21/05/2026 23:59:00');
    expect(portalInstant(1793709120000)).toBe('03/11/2026 18:02:00');
    // Before GST began, or not a whole number of milliseconds: no portal's date-time.
    expect(portalInstant(1_000_000)).toBeUndefined();
    expect(portalInstant(1793709120000.5)).toBeUndefined();
  });
});
