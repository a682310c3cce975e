import type { EwbDetail, IrnPayload } from '../../src/types/payloads.js';
import type { EinvoicePdfRecord } from '../../src/render/pdf/index.js';
/** Sample documents for the rendering tests (fictional parties). */

export const SIGNED_QR =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6IkVEQzU3REUxMzU4QjMwMEJBOUY3OTM0MEE2Njk2ODMxRjNDODUwNDciLCJ0eXAiOiJKV1QiLCJ4NXQiOiI3Y1Y5NFRXTE1BdXA5NU5BcG1sb01mUElVRWMifQ.' +
  Array.from({ length: 456 }, (_, i) => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'[(i * 7 + 3) % 64]).join('') +
  '.' +
  Array.from({ length: 342 }, (_, i) => 'ZYXWVUTSRQPONMLKJIHGFEDCBAzyxwvutsrqponmlkjihgfedcba9876543210_-'[(i * 11 + 5) % 64]).join('');

export const IRN = '8b9f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f9012a3b4c5d';

export function invoice(items = 3, options: { interState?: boolean; longText?: boolean } = {}): IrnPayload {
  const list = [];
  let ass = 0;
  let tax = 0;
  for (let i = 0; i < items; i++) {
    const qty = 1 + (i % 5);
    const price = 1000 + i * 10.5;
    const total = qty * price;
    const discount = i % 3 === 0 ? 50 : 0;
    const assAmt = total - discount;
    const gst = Math.round(assAmt * 18) / 100;
    ass += assAmt;
    tax += gst;
    list.push({
      SlNo: String(i + 1),
      PrdDesc: options.longText && i === 0 ? 'Precision ball bearings, double row, '.repeat(8) + 'X'.repeat(120) : `Item number ${i + 1} - steel fasteners`,
      IsServc: 'N' as const,
      HsnCd: String(73181500 + (i % 90)),
      Qty: qty,
      Unit: 'NOS',
      UnitPrice: price,
      TotAmt: total,
      Discount: discount,
      AssAmt: assAmt,
      GstRt: 18,
      IgstAmt: options.interState ? gst : 0,
      CgstAmt: options.interState ? 0 : gst / 2,
      SgstAmt: options.interState ? 0 : gst / 2,
      TotItemVal: Math.round((assAmt + gst) * 100) / 100,
    });
  }
  const round = (n: number): number => Math.round(n * 100) / 100;
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N' },
    DocDtls: { Typ: 'INV', No: 'INV/2025/0042', Dt: '01/10/2025' },
    SellerDtls: {
      Gstin: '29AABCT1332L1ZU',
      LglNm: options.longText ? 'Sundaram Precision Engineering and Allied Manufacturing Works Private Limited '.repeat(2) : 'Sundaram Precision Works Pvt Ltd',
      TrdNm: 'Sundaram Works',
      Addr1: '12, 3rd Cross, Peenya Industrial Area',
      Loc: 'Bengaluru',
      Pin: 560058,
      Stcd: '29',
      Ph: '9876543210',
      Em: 'accounts@sundaram.example',
    },
    BuyerDtls: {
      Gstin: options.interState ? '27AAACR5055K1Z7' : '29AAACR5055K1ZX',
      LglNm: 'Rao Traders LLP',
      Pos: options.interState ? '27' : '29',
      Addr1: '44 Market Road',
      Loc: options.interState ? 'Pune' : 'Mysuru',
      Pin: options.interState ? 411001 : 570001,
      Stcd: options.interState ? '27' : '29',
    },
    DispDtls: { Nm: 'Sundaram Works Unit 2', Addr1: 'Plot 7, KIADB', Loc: 'Hosur Road', Pin: 560100, Stcd: '29' },
    ShipDtls: {
      LglNm: 'Rao Traders Godown',
      Addr1: 'Survey 99',
      Loc: options.interState ? 'Chakan' : 'Mandya',
      Pin: options.interState ? 410501 : 571401,
      Stcd: options.interState ? '27' : '29',
    },
    ItemList: list,
    ValDtls: {
      AssVal: round(ass),
      CgstVal: options.interState ? 0 : round(tax / 2),
      SgstVal: options.interState ? 0 : round(tax / 2),
      IgstVal: options.interState ? round(tax) : 0,
      TotInvVal: round(ass + tax),
    },
    EwbDtls: { TransId: '29AAACB1234C1Z5', TransName: 'Fast Roadways', TransMode: '1', Distance: 145, VehNo: 'KA01AB1234' },
  };
}

/** An invoice carrying what an ERP's invoice carries: bank details, PO and contract, a preceding invoice. */
export function erpInvoice(): IrnPayload {
  return {
    ...invoice(3),
    PayDtls: {
      Nm: 'Sundaram Precision Works Pvt Ltd',
      AccDet: '50200012345678',
      FinInsBr: 'HDFC0001234',
      Mode: 'Direct Transfer',
      PayTerm: 'Net 30',
      CrDay: 30,
      PaymtDue: 1180,
    },
    RefDtls: {
      InvRm: 'Goods once sold are not taken back',
      PrecDocDtls: [{ InvNo: 'INV/2025/0007', InvDt: '05/09/2025' }],
      ContrDtls: [{ PORefr: 'PO-4471/25', PORefDt: '15/09/2025', ContrRefr: 'RC-2025-118' }],
    },
  };
}

export function record(status: 'ACT' | 'CNL' = 'ACT'): EinvoicePdfRecord {
  return {
    Success: true,
    AckNo: '112510012345678',
    AckDt: '01/10/2025 14:35:12',
    Irn: IRN,
    IrnStatus: status,
    SignedQRCode: SIGNED_QR,
    EwbNo: '321009876543',
    EwbDt: '01/10/2025 14:36:00',
    EwbValidTill: '02/10/2025 23:59:00',
  };
}

export function ewaybill(status: 'ACT' | 'CNL' = 'ACT'): NonNullable<EwbDetail['Response']> {
  return {
    ewbNo: 321009876543,
    ewayBillDate: '01/10/2025 02:36:00 PM',
    genMode: 'API',
    userGstin: '29AABCT1332L1ZU',
    supplyType: 'O',
    subSupplyType: '1',
    docType: 'INV',
    docNo: 'INV/2025/0042',
    docDate: '01/10/2025',
    fromGstin: '29AABCT1332L1ZU',
    fromTrdName: 'Sundaram Precision Works Pvt Ltd',
    fromAddr1: '12, 3rd Cross, Peenya Industrial Area',
    fromAddr2: '',
    fromPlace: 'Bengaluru',
    fromPincode: 560058,
    fromStateCode: 29,
    toGstin: '27AAACR5055K1Z7',
    toTrdName: 'Rao Traders LLP',
    toAddr1: '44 Market Road',
    toAddr2: 'Shivajinagar',
    toPlace: 'Pune',
    toPincode: 411001,
    toStateCode: 27,
    totalValue: 100000,
    totInvValue: 118000,
    cgstValue: 0,
    sgstValue: 0,
    igstValue: 18000,
    cessValue: 0,
    cessNonAdvolValue: 0,
    otherValue: 0,
    transporterId: '29AAACB1234C1Z5',
    transporterName: 'Fast Roadways',
    status,
    actualDist: 845,
    noValidDays: 5,
    validUpto: '06/10/2025 11:59:00 PM',
    extendedTimes: 0,
    rejectStatus: 'N',
    actFromStateCode: 29,
    actToStateCode: 27,
    vehicleType: 'R',
    transactionType: 1,
    itemList: [
      {
        itemNo: 1,
        productId: 0,
        productName: 'Steel fasteners',
        productDesc: 'M8 hex bolts',
        hsnCode: 73181500,
        quantity: 1000,
        qtyUnit: 'NOS',
        cgstRate: 0,
        sgstRate: 0,
        igstRate: 18,
        cessRate: 0,
        cessNonAdvol: 0,
        taxableAmount: 100000,
      },
    ],
    VehiclListDetails: [
      {
        updMode: 'API',
        vehicleNo: 'KA01AB1234',
        fromPlace: 'Bengaluru',
        fromState: 29,
        tripshtNo: 0,
        userGSTINTransin: '29AABCT1332L1ZU',
        enteredDate: '01/10/2025 02:36:00 PM',
        transMode: '1',
        transDocNo: 'LR4411',
        transDocDate: '01/10/2025',
        vehicleType: 'R',
        groupNo: '0',
      },
      {
        updMode: 'API',
        vehicleNo: 'MH12XY9876',
        fromPlace: 'Belagavi',
        fromState: 29,
        tripshtNo: 0,
        userGSTINTransin: '29AAACB1234C1Z5',
        enteredDate: '02/10/2025 09:10:00 AM',
        transMode: '1',
        transDocNo: 'LR4411',
        transDocDate: null,
        vehicleType: 'R',
        groupNo: '0',
      },
    ],
  };
}

/**
 * Names and places in the scripts of the documents, each with conjuncts, vowel signs written before
 * their consonant, or split vowels (fictional businesses; real town names).
 */
export const INDIC_SAMPLES: Record<string, { name: string; place: string }> = {
  Devanagari: { name: 'श्री गणेश ट्रेडर्स', place: 'क्षेत्रीय मार्ग, नई दिल्ली' },
  Bengali: { name: 'শ্রী কৃষ্ণ বস্ত্রালয়', place: 'কলকাতা' },
  Gurmukhi: { name: 'ਗੁਰੂ ਨਾਨਕ ਟ੍ਰੇਡਰਜ਼', place: 'ਅੰਮ੍ਰਿਤਸਰ' },
  Gujarati: { name: 'શ્રી કૃષ્ણ ટ્રેડિંગ', place: 'અમદાવાદ' },
  Odia: { name: 'ଜଗନ୍ନାଥ ଷ୍ଟୋର୍ସ', place: 'କଟକ' },
  Tamil: { name: 'முருகன் ஸ்டோர்ஸ்', place: 'சென்னை கோயம்புத்தூர்' },
  Telugu: { name: 'శ్రీ వెంకటేశ్వర ట్రేడర్స్', place: 'విజయవాడ' },
  Kannada: { name: 'ಶ್ರೀ ಮಂಜುನಾಥ ಟ್ರೇಡರ್ಸ್', place: 'ಬೆಂಗಳೂರು' },
  Malayalam: { name: 'ശ്രീ കൃഷ്ണ ട്രേഡേഴ്സ്', place: 'കൊച്ചി' },
};

/** An invoice whose parties and items are written in the Indian scripts. */
export function indicInvoice(): IrnPayload {
  const inv = invoice(9);
  const s = INDIC_SAMPLES;
  Object.assign(inv['SellerDtls'] as object, { LglNm: s['Devanagari']!.name, TrdNm: 'Shri Ganesh Traders', Addr1: s['Devanagari']!.place });
  Object.assign(inv['BuyerDtls'] as object, { LglNm: s['Tamil']!.name, Addr1: s['Tamil']!.place });
  Object.assign(inv['ShipDtls'] as object, { LglNm: s['Kannada']!.name, Addr1: s['Kannada']!.place });
  Object.assign(inv['DispDtls'] as object, { Nm: s['Gujarati']!.name, Addr1: s['Gujarati']!.place });
  Object.entries(s).forEach(([script, { name, place }], i) => {
    ((inv['ItemList'] as Array<Record<string, unknown>>)[i] as Record<string, unknown>)['PrdDesc'] = `${script}: ${name}, ${place}`;
  });
  return inv;
}
