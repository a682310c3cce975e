/**
 * The e-waybill portal's own master lists, which are not the e-invoice portal's. Sources are listed in
 * docs/ewaybill-masters.md; the uncertain points are marked here and there.
 * @module
 */

/** Supply types: O outward, I inward. */
export const EWB_SUPPLY_TYPES: Readonly<Record<string, string>> = Object.freeze({ O: 'Outward', I: 'Inward' });

/** Sub-supply types (EWB API annexure "Master Codes List"). */
export const EWB_SUB_SUPPLY_TYPES: Readonly<Record<number, string>> = Object.freeze({
  1: 'Supply',
  2: 'Import',
  3: 'Export',
  4: 'Job Work',
  5: 'For Own Use',
  6: 'Job Work Returns',
  7: 'Sales Return',
  8: 'Others',
  9: 'SKD/CKD',
  10: 'Line Sales',
  11: 'Recipient Not Known',
  12: 'Exhibition or Fairs',
});

/** Sub-supply types the portal offers for each supply type (the portal's generation form). */
export const EWB_SUB_SUPPLY_FOR_SUPPLY: Readonly<Record<string, readonly number[]>> = Object.freeze({
  O: [1, 3, 4, 5, 8, 9, 10, 11, 12],
  I: [1, 2, 5, 6, 7, 8, 9, 12],
});

/**
 * Document types. CNT (credit note) is on the API annexure's list although the generation form of most
 * combinations does not offer it; whether the portal accepts it anywhere is uncertain, so gstkit accepts
 * the code and does not judge its combination.
 */
export const EWB_DOC_TYPES: Readonly<Record<string, string>> = Object.freeze({
  INV: 'Tax Invoice',
  BIL: 'Bill of Supply',
  BOE: 'Bill of Entry',
  CHL: 'Delivery Challan',
  CNT: 'Credit Note',
  OTH: 'Others',
});

/** Document types the portal allows for each supply type and sub-supply type (key `O1`, `I2`, ...). */
export const EWB_DOC_TYPES_FOR: Readonly<Record<string, readonly string[]>> = Object.freeze({
  O1: ['INV', 'BIL'],
  O3: ['INV', 'BIL'],
  O4: ['CHL'],
  O5: ['CHL'],
  O8: ['CHL', 'OTH'],
  O9: ['INV', 'BIL', 'CHL'],
  O10: ['CHL'],
  O11: ['CHL', 'OTH'],
  O12: ['CHL'],
  I1: ['INV', 'BIL'],
  I2: ['BOE'],
  I5: ['CHL'],
  I6: ['CHL'],
  I7: ['CHL'],
  I8: ['CHL', 'OTH'],
  I9: ['BOE', 'INV', 'BIL', 'CHL'],
  I12: ['CHL'],
});

/** Transaction types (API v1.03). */
export const EWB_TRANSACTION_TYPES: Readonly<Record<number, string>> = Object.freeze({
  1: 'Regular',
  2: 'Bill To - Ship To',
  3: 'Bill From - Dispatch From',
  4: 'Combination of 2 and 3',
});

/** Modes of transport; 5 (in transit) is valid only when extending validity. */
export const EWB_TRANS_MODES: Readonly<Record<number, string>> = Object.freeze({ 1: 'Road', 2: 'Rail', 3: 'Air', 4: 'Ship' });

/**
 * State code of a party outside India on the e-waybill portal. Its state list names 99 "Other Countries"
 * (the e-invoice master uses 96 for that and 99 for Centre Jurisdiction); ERPs in production send 99 for
 * exports and imports. 96 is accepted as well: the e-waybill part of an IRN carries the e-invoice codes,
 * and no refusal of 96 on a direct e-waybill is documented.
 */
export const EWB_OTHER_COUNTRY = 99;
/** The e-invoice master's Other Countries code, accepted on e-waybills as a second spelling. */
export const EINVOICE_OTHER_COUNTRY = 96;
/** Other Territory (offshore areas outside any state). */
export const EWB_OTHER_TERRITORY = 97;
/** The PIN of a party outside India. */
export const EWB_FOREIGN_PIN = '999999';

/** Whether a state code names a place outside India on an e-waybill (99, or the e-invoice's 96). */
export function isEwbForeignState(code: number | undefined): boolean {
  return code === EWB_OTHER_COUNTRY || code === EINVOICE_OTHER_COUNTRY;
}
