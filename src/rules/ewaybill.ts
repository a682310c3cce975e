/**
 * Business rules of the e-waybill generation request without IRN (canonical field names, SPEC 2.3).
 * Codes are the e-waybill portal's where it has one, else `SVC-4nn`.
 * @module
 */

import { ewbTotals, withinEwbTolerance } from '../compute/ewaybill-totals.js';
import { ewbDayNumber } from '../compute/ewaybill-dates.js';
import { dec } from '../compute/decimal.js';
import { hsnChapter, hsnExists, isUnit, pinMatchesState, rateAllowedOn, state } from '../masters/index.js';
import type { Rule, RuleContext } from './rule.js';
import {
  defineRule,
  digitsOf,
  field,
  found,
  gstinKind,
  gstinStateCode,
  integerOf,
  isGiven,
  isVehicleNumber,
  numberOf,
  sameGstin,
  textOf,
  TRANSPORTER_ID_PATTERN,
  type Finding,
} from './ewaybill-support.js';

/** Sub-supply types the portal offers for each supply type. */
const SUB_SUPPLY_TYPES: Record<string, readonly number[]> = {
  O: [1, 3, 4, 5, 8, 9, 10, 11, 12],
  I: [1, 2, 5, 6, 7, 8, 9, 12],
};

const SUB_SUPPLY_NAMES: Record<number, string> = {
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
};

/** Document types allowed for each supply type and sub-supply type (the portal's combination table). */
const DOC_TYPES: Record<string, readonly string[]> = {
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
};

/** Other Countries: the state code of a foreign party. */
const FOREIGN_STATE = 96;
/** The PIN of a foreign party. */
const FOREIGN_PIN = '999999';
const MAX_DISTANCE_KM = 4000;
const MAX_ITEMS = 250;
const MAX_DOC_AGE_DAYS = 180;
/** 01/07/2017, the day GST began, as a day number. */
const GST_START_DAY = ewbDayNumber('01/07/2017')!;

const supplyOf = (doc: unknown): string | undefined => textOf(field(doc, 'supplyType'))?.toUpperCase();
const subOf = (doc: unknown): number | undefined => integerOf(field(doc, 'subSupplyType'));
const isExport = (doc: unknown): boolean => supplyOf(doc) === 'O' && subOf(doc) === 3;
const isImport = (doc: unknown): boolean => supplyOf(doc) === 'I' && subOf(doc) === 2;
const txnOf = (doc: unknown): number | undefined => integerOf(field(doc, 'transactionType'));
const modeOf = (doc: unknown): number | undefined => integerOf(field(doc, 'transMode'));
const stateNo = (doc: unknown, key: string): number | undefined => integerOf(field(doc, key));
const itemsOf = (doc: unknown): unknown[] | undefined => {
  const list = field(doc, 'itemList');
  return Array.isArray(list) ? list : undefined;
};
const todayOf = (context: RuleContext): number | undefined => ewbDayNumber(context?.today);

/** The date rates are judged on: the document date, or today when that is unreadable. */
function rateDate(doc: unknown, context: RuleContext): string | undefined {
  const docDate = field(doc, 'docDate');
  if (typeof docDate === 'string' && ewbDayNumber(docDate) !== undefined) return docDate;
  return todayOf(context) === undefined ? undefined : context.today;
}

/** A state code rule: the code must be on the state master and usable for new documents. */
function stateRule(id: string, code: string, key: string, label: string): Rule {
  return defineRule({
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: `${key} must be a state code on the master that is in use for new documents (${label}).`,
    check(doc) {
      const value = field(doc, key);
      if (!isGiven(value)) return [];
      const n = integerOf(value);
      const entry = n === undefined ? undefined : state(n);
      if (entry === undefined) return [found(`${key} ${String(value)} is not a known state code (${label}).`, key)];
      if (!entry.validForNewDocuments) {
        return [found(`${key} ${entry.code} (${entry.name}) is a retired state code; use the current code.`, key)];
      }
      return [];
    },
  });
}

/** A PIN rule: six digits, not starting with 0. */
function pinRule(id: string, code: string, key: string, label: string): Rule {
  return defineRule({
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: `${key} must be a six-digit PIN that does not start with 0 (${label}).`,
    check(doc) {
      const value = field(doc, key);
      if (!isGiven(value)) return [];
      const digits = digitsOf(value);
      if (digits === undefined || !/^[1-9][0-9]{5}$/.test(digits)) {
        return [found(`${key} ${String(value)} is not a valid PIN: six digits, not starting with 0.`, key)];
      }
      return [];
    },
  });
}

/** A PIN-against-state rule. */
function pinStateRule(id: string, code: string, pinKey: string, stateKey: string): Rule {
  return defineRule({
    id,
    code,
    severity: 'error',
    certainty: 'likely',
    description: `${pinKey} must belong to the state in ${stateKey} (judged on the PIN's first three digits; unknown prefixes pass).`,
    check(doc) {
      const pin = digitsOf(field(doc, pinKey));
      const st = stateNo(doc, stateKey);
      if (pin === undefined || st === undefined || pin === FOREIGN_PIN) return [];
      if (st === FOREIGN_STATE || st === 97) return [];
      if (pinMatchesState(pin, st) === false) {
        return [found(`${pinKey} ${pin} does not belong to the state in ${stateKey} (${st}).`, pinKey)];
      }
      return [];
    },
  });
}

/** A rule refusing a negative header amount. */
function notNegativeRule(id: string, code: string, key: string): Rule {
  return defineRule({
    id,
    code,
    severity: 'error',
    certainty: 'certain',
    description: `${key} must not be negative.`,
    check(doc) {
      const n = numberOf(field(doc, key));
      return n !== undefined && n < 0 ? [found(`${key} must not be negative (got ${n}).`, key)] : [];
    },
  });
}

/** A rule checking one item rate against the rate master on the document date. */
function itemRateRule(id: string, code: string, key: 'igstRate' | 'cgstRate' | 'sgstRate'): Rule {
  const factor = key === 'igstRate' ? 1 : 2;
  return defineRule({
    id,
    code,
    severity: 'error',
    certainty: 'likely',
    description:
      key === 'igstRate'
        ? 'Each item igstRate must be a GST rate on the master on the document date.'
        : `Each item ${key} must be half of a GST rate on the master on the document date.`,
    check(doc, context) {
      const date = rateDate(doc, context);
      if (date === undefined) return [];
      const out: Finding[] = [];
      (itemsOf(doc) ?? []).forEach((item, i) => {
        const rate = numberOf(field(item, key));
        if (rate === undefined || rate === 0) return;
        const full = Math.round(rate * factor * 1000) / 1000;
        if (!rateAllowedOn(full, date)) {
          out.push(found(`itemList[${i}].${key} ${rate} is not a valid ${key.slice(0, 4).toUpperCase()} rate on ${date}.`, 'itemList', i, key));
        }
      });
      return out;
    },
  });
}

const HEADER_TAXES: ReadonlyArray<readonly [string, 'igstValue' | 'cgstValue' | 'sgstValue' | 'cessValue' | 'cessNonAdvolValue']> = [
  ['igstValue', 'igstValue'],
  ['cgstValue', 'cgstValue'],
  ['sgstValue', 'sgstValue'],
  ['cessValue', 'cessValue'],
  ['cessNonAdvolValue', 'cessNonAdvolValue'],
];

/** The e-waybill request rules, in the order they are reported. */
export const ewaybillRules: Rule[] = [
  defineRule({
    id: 'EWB-SUBSUPPLY-FOR-SUPPLY',
    code: '203',
    severity: 'error',
    certainty: 'likely',
    description:
      'subSupplyType must be one the portal offers for the supplyType: outward 1, 3, 4, 5, 8, 9, 10, 11, 12; inward 1, 2, 5, 6, 7, 8, 9, 12.',
    check(doc) {
      const supply = supplyOf(doc);
      const sub = subOf(doc);
      if (supply === undefined || sub === undefined) return [];
      const allowed = SUB_SUPPLY_TYPES[supply];
      if (allowed === undefined || !(sub in SUB_SUPPLY_NAMES) || allowed.includes(sub)) return [];
      return [
        found(
          `subSupplyType ${sub} (${SUB_SUPPLY_NAMES[sub]}) is not allowed for supplyType ${supply} (${supply === 'O' ? 'outward' : 'inward'}).`,
          'subSupplyType',
        ),
      ];
    },
  }),
  defineRule({
    id: 'EWB-DOCTYPE-FOR-SUPPLY',
    code: '611',
    severity: 'error',
    certainty: 'certain',
    description: 'docType BOE (bill of entry) is for inward supplies only.',
    check(doc) {
      const docType = textOf(field(doc, 'docType'))?.toUpperCase();
      if (supplyOf(doc) === 'O' && docType === 'BOE') {
        return [found('docType BOE (bill of entry) is not allowed for an outward supply.', 'docType')];
      }
      return [];
    },
  }),
  defineRule({
    id: 'EWB-DOCTYPE-FOR-SUBSUPPLY',
    code: '205',
    severity: 'error',
    certainty: 'likely',
    description:
      'docType must fit the supplyType and subSupplyType (e.g. outward Supply: INV or BIL; Job Work: CHL; inward Import: BOE; Others: CHL or OTH).',
    check(doc) {
      const supply = supplyOf(doc);
      const sub = subOf(doc);
      const docType = textOf(field(doc, 'docType'))?.toUpperCase();
      if (supply === undefined || sub === undefined || docType === undefined) return [];
      if (supply === 'O' && docType === 'BOE') return []; // reported as 611
      const allowed = DOC_TYPES[`${supply}${sub}`];
      if (allowed === undefined || allowed.includes(docType)) return [];
      return [
        found(
          `docType ${docType} is not allowed for supplyType ${supply} with subSupplyType ${sub} (${SUB_SUPPLY_NAMES[sub] ?? sub}); use ${allowed.join(' or ')}.`,
          'docType',
        ),
      ];
    },
  }),
  defineRule({
    id: 'EWB-SUBSUPPLY-DESC',
    code: '377',
    severity: 'error',
    certainty: 'certain',
    description: 'subSupplyDesc is required when subSupplyType is 8 (Others).',
    check(doc) {
      if (subOf(doc) !== 8) return [];
      if (textOf(field(doc, 'subSupplyDesc')) !== undefined || textOf(field(doc, 'subSypplyDesc')) !== undefined) return [];
      return [found('subSupplyDesc is required when subSupplyType is 8 (Others).', 'subSupplyDesc')];
    },
  }),
  defineRule({
    id: 'EWB-TXN-REGULAR-FROM',
    code: '643',
    severity: 'error',
    certainty: 'likely',
    description:
      'For transactionType 1 (Regular), actFromStateCode must equal fromStateCode (imports, whose supplier is abroad, are exempt).',
    check(doc) {
      if (txnOf(doc) !== 1 || isImport(doc)) return [];
      const from = stateNo(doc, 'fromStateCode');
      const act = stateNo(doc, 'actFromStateCode');
      if (from === undefined || act === undefined || from === act) return [];
      return [
        found(
          `actFromStateCode ${act} differs from fromStateCode ${from}; a Regular transaction dispatches from the supplier's state (use transactionType 3 or 4 otherwise).`,
          'actFromStateCode',
        ),
      ];
    },
  }),
  defineRule({
    id: 'EWB-TXN-REGULAR-TO',
    code: '644',
    severity: 'error',
    certainty: 'likely',
    description:
      'For transactionType 1 (Regular), actToStateCode must equal toStateCode (exports, whose recipient is abroad, are exempt).',
    check(doc) {
      if (txnOf(doc) !== 1 || isExport(doc)) return [];
      const to = stateNo(doc, 'toStateCode');
      const act = stateNo(doc, 'actToStateCode');
      if (to === undefined || act === undefined || to === act) return [];
      return [
        found(
          `actToStateCode ${act} differs from toStateCode ${to}; a Regular transaction ships to the recipient's state (use transactionType 2 or 4 otherwise).`,
          'actToStateCode',
        ),
      ];
    },
  }),
  defineRule({
    id: 'EWB-TXN-REGULAR-SHIPTO',
    code: '616',
    severity: 'error',
    certainty: 'likely',
    description: 'shipToGstin must not be given for transactionType 1 (Regular).',
    check(doc) {
      if (txnOf(doc) !== 1 || !isGiven(field(doc, 'shipToGstin'))) return [];
      return [found('shipToGstin is not allowed for transactionType 1 (Regular); use transactionType 2 or 4 for Bill To-Ship To.', 'shipToGstin')];
    },
  }),
  defineRule({
    id: 'EWB-TXN-SHIPTO-REQUIRED',
    code: '608',
    severity: 'error',
    certainty: 'likely',
    description: 'shipToGstin (a GSTIN, or URP for an unregistered ship-to party) is required for transactionType 2 and 4.',
    check(doc) {
      const txn = txnOf(doc);
      if ((txn !== 2 && txn !== 4) || isGiven(field(doc, 'shipToGstin'))) return [];
      return [found(`shipToGstin is required for transactionType ${txn} (Bill To-Ship To); give URP for an unregistered ship-to party.`, 'shipToGstin')];
    },
  }),
  defineRule({
    id: 'EWB-TXN-SHIPTO-GSTIN',
    code: '609',
    severity: 'error',
    certainty: 'likely',
    description: 'shipToGstin, when given, must be a valid GSTIN (format and check character) or URP.',
    check(doc) {
      const kind = gstinKind(field(doc, 'shipToGstin'));
      if (kind === 'bad-format') return [found('shipToGstin is not a GSTIN in the right format (15 characters) nor URP.', 'shipToGstin')];
      if (kind === 'bad-check') return [found('shipToGstin has a wrong check character (the 15th).', 'shipToGstin')];
      return [];
    },
  }),
  defineRule({
    id: 'EWB-TXN-SHIPTO-DIFFERS',
    code: '618',
    severity: 'error',
    certainty: 'likely',
    description: 'For transactionType 2 and 4, shipToGstin must differ from toGstin.',
    check(doc) {
      const txn = txnOf(doc);
      if (txn !== 2 && txn !== 4) return [];
      const ship = field(doc, 'shipToGstin');
      if (gstinKind(ship) !== 'gstin' || !sameGstin(ship, field(doc, 'toGstin'))) return [];
      return [found(`shipToGstin equals toGstin; for transactionType ${txn} the ship-to party must differ from the bill-to party.`, 'shipToGstin')];
    },
  }),
  defineRule({
    id: 'EWB-TXN-DISPATCH-STATE',
    code: 'SVC-401',
    severity: 'warning',
    certainty: 'uncertain',
    description:
      'For transactionType 3 and 4 a different dispatch-from place is declared; when actFromStateCode equals fromStateCode nothing in this request shows it (no dispatch-from GSTIN field), so the type is flagged for review. The portal is not known to refuse this.',
    check(doc) {
      const txn = txnOf(doc);
      if (txn !== 3 && txn !== 4) return [];
      const from = stateNo(doc, 'fromStateCode');
      const act = stateNo(doc, 'actFromStateCode');
      if (from === undefined || act === undefined || from !== act) return [];
      return [
        found(
          `transactionType ${txn} declares a separate dispatch-from place, but actFromStateCode equals fromStateCode (${from}); check that the type is right.`,
          'transactionType',
        ),
      ];
    },
  }),
  defineRule({
    id: 'EWB-FROM-GSTIN',
    code: '208',
    severity: 'error',
    certainty: 'certain',
    description:
      'fromGstin must be a valid GSTIN (format and check character); URP (unregistered) is allowed only for inward supplies.',
    check(doc) {
      const kind = gstinKind(field(doc, 'fromGstin'));
      if (kind === 'bad-format') return [found('fromGstin is not a GSTIN in the right format (15 characters) nor URP.', 'fromGstin')];
      if (kind === 'bad-check') return [found('fromGstin has a wrong check character (the 15th).', 'fromGstin')];
      if (kind === 'urp' && supplyOf(doc) === 'O') {
        return [found('fromGstin cannot be URP for an outward supply: the supplier generating it is registered.', 'fromGstin')];
      }
      return [];
    },
  }),
  defineRule({
    id: 'EWB-TO-GSTIN',
    code: '212',
    severity: 'error',
    certainty: 'certain',
    description:
      'toGstin must be a valid GSTIN (format and check character); URP (unregistered or foreign recipient) is allowed only for outward supplies.',
    check(doc) {
      const kind = gstinKind(field(doc, 'toGstin'));
      if (kind === 'bad-format') return [found('toGstin is not a GSTIN in the right format (15 characters) nor URP.', 'toGstin')];
      if (kind === 'bad-check') return [found('toGstin has a wrong check character (the 15th).', 'toGstin')];
      if (kind === 'urp' && supplyOf(doc) === 'I') {
        return [found('toGstin cannot be URP for an inward supply: the recipient generating it is registered.', 'toGstin')];
      }
      return [];
    },
  }),
  defineRule({
    id: 'EWB-BOTH-URP',
    code: '822',
    severity: 'error',
    certainty: 'certain',
    description: 'fromGstin and toGstin cannot both be URP.',
    check(doc) {
      if (gstinKind(field(doc, 'fromGstin')) === 'urp' && gstinKind(field(doc, 'toGstin')) === 'urp') {
        return [found('fromGstin and toGstin are both URP; one party must be registered.', 'toGstin')];
      }
      return [];
    },
  }),
  stateRule('EWB-FROM-STATE', '211', 'fromStateCode', "the supplier's state"),
  stateRule('EWB-TO-STATE', '215', 'toStateCode', "the recipient's state"),
  stateRule('EWB-ACT-FROM-STATE', '371', 'actFromStateCode', 'the dispatch-from state'),
  stateRule('EWB-ACT-TO-STATE', '372', 'actToStateCode', 'the ship-to state'),
  defineRule({
    id: 'EWB-FROM-GSTIN-STATE',
    code: 'SVC-402',
    severity: 'error',
    certainty: 'likely',
    description: "fromStateCode must be the state in the first two digits of fromGstin (imports are exempt).",
    check(doc) {
      if (isImport(doc)) return [];
      const expected = gstinStateCode(field(doc, 'fromGstin'));
      const given = stateNo(doc, 'fromStateCode');
      if (expected === undefined || given === undefined || expected === given) return [];
      return [found(`fromStateCode ${given} does not match the state of fromGstin (${String(expected).padStart(2, '0')}).`, 'fromStateCode')];
    },
  }),
  defineRule({
    id: 'EWB-TO-GSTIN-STATE',
    code: 'SVC-403',
    severity: 'error',
    certainty: 'likely',
    description: 'toStateCode must be the state in the first two digits of toGstin (exports are exempt).',
    check(doc) {
      if (isExport(doc)) return [];
      const expected = gstinStateCode(field(doc, 'toGstin'));
      const given = stateNo(doc, 'toStateCode');
      if (expected === undefined || given === undefined || expected === given) return [];
      return [found(`toStateCode ${given} does not match the state of toGstin (${String(expected).padStart(2, '0')}).`, 'toStateCode')];
    },
  }),
  defineRule({
    id: 'EWB-EXPORT-TO-STATE',
    code: '373',
    severity: 'error',
    certainty: 'likely',
    description: 'For an export (outward, subSupplyType 3), toStateCode must be 96 (Other Countries).',
    check(doc) {
      const to = stateNo(doc, 'toStateCode');
      if (!isExport(doc) || to === undefined || to === FOREIGN_STATE) return [];
      return [found(`toStateCode must be 96 (Other Countries) for an export, not ${to}; the port's state goes in actToStateCode.`, 'toStateCode')];
    },
  }),
  defineRule({
    id: 'EWB-EXPORT-TO-PIN',
    code: '374',
    severity: 'error',
    certainty: 'likely',
    description: 'For an export (outward, subSupplyType 3), toPincode must be 999999.',
    check(doc) {
      const pin = digitsOf(field(doc, 'toPincode'));
      if (!isExport(doc) || pin === undefined || pin === FOREIGN_PIN) return [];
      return [found(`toPincode must be 999999 for an export, not ${pin}.`, 'toPincode')];
    },
  }),
  defineRule({
    id: 'EWB-IMPORT-FROM-STATE',
    code: '375',
    severity: 'error',
    certainty: 'likely',
    description: 'For an import (inward, subSupplyType 2), fromStateCode must be 96 (Other Countries).',
    check(doc) {
      const from = stateNo(doc, 'fromStateCode');
      if (!isImport(doc) || from === undefined || from === FOREIGN_STATE) return [];
      return [found(`fromStateCode must be 96 (Other Countries) for an import, not ${from}; the port's state goes in actFromStateCode.`, 'fromStateCode')];
    },
  }),
  defineRule({
    id: 'EWB-IMPORT-FROM-PIN',
    code: '376',
    severity: 'error',
    certainty: 'likely',
    description: 'For an import (inward, subSupplyType 2), fromPincode must be 999999.',
    check(doc) {
      const pin = digitsOf(field(doc, 'fromPincode'));
      if (!isImport(doc) || pin === undefined || pin === FOREIGN_PIN) return [];
      return [found(`fromPincode must be 999999 for an import, not ${pin}.`, 'fromPincode')];
    },
  }),
  pinRule('EWB-FROM-PIN', '210', 'fromPincode', 'the dispatch-from place'),
  pinRule('EWB-TO-PIN', '214', 'toPincode', 'the ship-to place'),
  pinStateRule('EWB-FROM-PIN-STATE', '437', 'fromPincode', 'actFromStateCode'),
  pinStateRule('EWB-TO-PIN-STATE', '436', 'toPincode', 'actToStateCode'),
  defineRule({
    id: 'EWB-DISTANCE',
    code: '221',
    severity: 'error',
    certainty: 'likely',
    description: 'transDistance must be a whole number of kilometres from 0 (the portal computes it) to 4000.',
    check(doc) {
      const value = field(doc, 'transDistance');
      if (!isGiven(value)) return [];
      const n = numberOf(value);
      if (n === undefined) return [];
      if (!Number.isInteger(n) || n < 0 || n > MAX_DISTANCE_KM) {
        return [found(`transDistance ${n} must be a whole number of kilometres from 0 (computed by the portal) to ${MAX_DISTANCE_KM}.`, 'transDistance')];
      }
      return [];
    },
  }),
  defineRule({
    id: 'EWB-DISTANCE-SAME-PIN',
    code: '221',
    severity: 'error',
    certainty: 'likely',
    description:
      'When fromPincode equals toPincode, transDistance must be given explicitly (0 is not accepted) and be at most 100 km.',
    check(doc) {
      const fromPin = digitsOf(field(doc, 'fromPincode'));
      const toPin = digitsOf(field(doc, 'toPincode'));
      const n = integerOf(field(doc, 'transDistance'));
      if (fromPin === undefined || fromPin !== toPin || fromPin === FOREIGN_PIN || n === undefined) return [];
      if (n === 0) return [found('transDistance 0 (computed) is not accepted when fromPincode equals toPincode; give the distance.', 'transDistance')];
      if (n > 100) return [found(`transDistance ${n} exceeds 100 km although fromPincode equals toPincode.`, 'transDistance')];
      return [];
    },
  }),
  defineRule({
    id: 'EWB-TRANSMODE',
    code: '220',
    severity: 'error',
    certainty: 'certain',
    description: 'transMode, when given, must be 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship).',
    check(doc) {
      const value = field(doc, 'transMode');
      if (!isGiven(value)) return [];
      const n = modeOf(doc);
      if (n !== undefined && n >= 1 && n <= 4) return [];
      return [found(`transMode ${String(value)} is not 1 (Road), 2 (Rail), 3 (Air) or 4 (Ship).`, 'transMode')];
    },
  }),
  defineRule({
    id: 'EWB-TRANSMODE-FOR-VEHICLE',
    code: '621',
    severity: 'error',
    certainty: 'certain',
    description: 'transMode is required when vehicleNo is given.',
    check(doc) {
      if (!isGiven(field(doc, 'vehicleNo')) || isGiven(field(doc, 'transMode'))) return [];
      return [found('transMode is required because vehicleNo is given.', 'transMode')];
    },
  }),
  defineRule({
    id: 'EWB-TRANSMODE-FOR-DOC',
    code: '622',
    severity: 'error',
    certainty: 'certain',
    description: 'transMode is required when transDocNo is given.',
    check(doc) {
      if (!isGiven(field(doc, 'transDocNo')) || isGiven(field(doc, 'transMode'))) return [];
      return [found('transMode is required because transDocNo is given.', 'transMode')];
    },
  }),
  defineRule({
    id: 'EWB-ROAD-PARTB',
    code: '226',
    severity: 'error',
    certainty: 'likely',
    description: 'With transMode 1 (Road), vehicleNo or transDocNo must be given.',
    check(doc) {
      if (modeOf(doc) !== 1) return [];
      if (isGiven(field(doc, 'vehicleNo')) || isGiven(field(doc, 'transDocNo'))) return [];
      return [found('vehicleNo (or transDocNo) is required for transMode 1 (Road).', 'vehicleNo')];
    },
  }),
  defineRule({
    id: 'EWB-NONROAD-DOCNO',
    code: '394',
    severity: 'error',
    certainty: 'certain',
    description: 'With transMode 2 (Rail), 3 (Air) or 4 (Ship), transDocNo is required.',
    check(doc) {
      const mode = modeOf(doc);
      if (mode === undefined || mode < 2 || mode > 4 || isGiven(field(doc, 'transDocNo'))) return [];
      return [found(`transDocNo is required for transMode ${mode} (${['', '', 'Rail', 'Air', 'Ship'][mode]}).`, 'transDocNo')];
    },
  }),
  defineRule({
    id: 'EWB-NONROAD-DOCDATE',
    code: '385',
    severity: 'error',
    certainty: 'certain',
    description: 'With transMode 2 (Rail), 3 (Air) or 4 (Ship), transDocDate is required.',
    check(doc) {
      const mode = modeOf(doc);
      if (mode === undefined || mode < 2 || mode > 4 || isGiven(field(doc, 'transDocDate'))) return [];
      return [found(`transDocDate is required for transMode ${mode} (${['', '', 'Rail', 'Air', 'Ship'][mode]}).`, 'transDocDate')];
    },
  }),
  defineRule({
    id: 'EWB-PARTA-TRANSPORTER',
    code: '619',
    severity: 'error',
    certainty: 'certain',
    description: 'Without transMode, vehicleNo and transDocNo (a Part-A slip), transporterId is required.',
    check(doc) {
      if (['transMode', 'vehicleNo', 'transDocNo', 'transporterId'].some((k) => isGiven(field(doc, k)))) return [];
      return [found('transporterId is required when no transMode, vehicleNo or transDocNo is given (Part-A slip).', 'transporterId')];
    },
  }),
  defineRule({
    id: 'EWB-TRANSPORTER-ID',
    code: '222',
    severity: 'error',
    certainty: 'likely',
    description: 'transporterId, when given, must be 15 characters: two digits, then 13 letters or digits (a GSTIN or transporter id).',
    check(doc) {
      const id = textOf(field(doc, 'transporterId'));
      if (id === undefined || TRANSPORTER_ID_PATTERN.test(id)) return [];
      return [found(`transporterId ${id} is not a GSTIN or transporter id (15 characters, starting with two digits).`, 'transporterId')];
    },
  }),
  defineRule({
    id: 'EWB-VEHICLE-FORMAT',
    code: '225',
    severity: 'error',
    certainty: 'likely',
    description:
      'vehicleNo must be a registration number without spaces, e.g. KA01AB1234, KA011234, ABC1234, 22BH1234AB, or a defence (DF) or temporary (TR/TM) number.',
    check(doc) {
      const value = field(doc, 'vehicleNo');
      if (typeof value !== 'string' || value.trim() === '' || isVehicleNumber(value)) return [];
      return [found(`vehicleNo ${value} is not in a valid format (e.g. KA01AB1234, no spaces or hyphens).`, 'vehicleNo')];
    },
  }),
  defineRule({
    id: 'EWB-VEHICLE-TYPE',
    code: '361',
    severity: 'error',
    certainty: 'certain',
    description: 'vehicleType, when given, must be R (regular) or O (over-dimensional cargo).',
    check(doc) {
      const value = field(doc, 'vehicleType');
      if (!isGiven(value) || typeof value !== 'string') return [];
      const t = value.trim().toUpperCase();
      return t === 'R' || t === 'O' ? [] : [found(`vehicleType ${value} is not R (regular) or O (over-dimensional cargo).`, 'vehicleType')];
    },
  }),
  defineRule({
    id: 'EWB-ODC-ROAD',
    code: '634',
    severity: 'error',
    certainty: 'certain',
    description: 'vehicleType O (over-dimensional cargo) is allowed only with transMode 1 (Road).',
    check(doc) {
      const type = textOf(field(doc, 'vehicleType'))?.toUpperCase();
      const mode = modeOf(doc);
      if (type !== 'O' || mode === undefined || mode === 1) return [];
      return [found(`vehicleType O (over-dimensional cargo) needs transMode 1 (Road), not ${mode}.`, 'vehicleType')];
    },
  }),
  defineRule({
    id: 'EWB-TRANSDOC-DATE',
    code: '224',
    severity: 'error',
    certainty: 'likely',
    description: 'transDocDate, when given, must be a real DD/MM/YYYY date not after today.',
    check(doc, context) {
      const value = field(doc, 'transDocDate');
      if (typeof value !== 'string' || value.trim() === '') return [];
      const day = ewbDayNumber(value);
      if (day === undefined) return [found(`transDocDate ${value} is not a real date in the form DD/MM/YYYY.`, 'transDocDate')];
      const today = todayOf(context);
      if (today !== undefined && day > today) return [found(`transDocDate ${value} is in the future.`, 'transDocDate')];
      return [];
    },
  }),
  defineRule({
    id: 'EWB-TRANSDOC-BEFORE-DOC',
    code: '362',
    severity: 'error',
    certainty: 'certain',
    description: 'transDocDate must not be earlier than docDate.',
    check(doc) {
      const trans = ewbDayNumber(field(doc, 'transDocDate'));
      const docDay = ewbDayNumber(field(doc, 'docDate'));
      if (trans === undefined || docDay === undefined || trans >= docDay) return [];
      return [found(`transDocDate ${String(field(doc, 'transDocDate'))} is earlier than docDate ${String(field(doc, 'docDate'))}.`, 'transDocDate')];
    },
  }),
  defineRule({
    id: 'EWB-DOC-DATE',
    code: '207',
    severity: 'error',
    certainty: 'certain',
    description: 'docDate must be a real DD/MM/YYYY date not after today.',
    check(doc, context) {
      const value = field(doc, 'docDate');
      if (typeof value !== 'string' || value.trim() === '') return [];
      const day = ewbDayNumber(value);
      if (day === undefined) return [found(`docDate ${value} is not a real date in the form DD/MM/YYYY.`, 'docDate')];
      const today = todayOf(context);
      if (today !== undefined && day > today) return [found(`docDate ${value} is in the future (today is ${context.today}).`, 'docDate')];
      return [];
    },
  }),
  defineRule({
    id: 'EWB-DOC-DATE-GST',
    code: '819',
    severity: 'error',
    certainty: 'certain',
    description: 'docDate must not be before 01/07/2017, when GST began.',
    check(doc) {
      const day = ewbDayNumber(field(doc, 'docDate'));
      if (day === undefined || day >= GST_START_DAY) return [];
      return [found(`docDate ${String(field(doc, 'docDate'))} is before 01/07/2017, when GST began.`, 'docDate')];
    },
  }),
  defineRule({
    id: 'EWB-DOC-DATE-AGE',
    code: '820',
    severity: 'error',
    certainty: 'likely',
    description: 'docDate must not be more than 180 days before today.',
    check(doc, context) {
      const day = ewbDayNumber(field(doc, 'docDate'));
      const today = todayOf(context);
      if (day === undefined || today === undefined || day < GST_START_DAY || today - day <= MAX_DOC_AGE_DAYS) return [];
      return [found(`docDate ${String(field(doc, 'docDate'))} is ${today - day} days old; the portal accepts documents up to ${MAX_DOC_AGE_DAYS} days old.`, 'docDate')];
    },
  }),
  notNegativeRule('EWB-TOTALVALUE-NEGATIVE', '627', 'totalValue'),
  notNegativeRule('EWB-TOTINVVALUE-NEGATIVE', '628', 'totInvValue'),
  notNegativeRule('EWB-IGSTVALUE-NEGATIVE', '629', 'igstValue'),
  notNegativeRule('EWB-CGSTVALUE-NEGATIVE', '630', 'cgstValue'),
  notNegativeRule('EWB-SGSTVALUE-NEGATIVE', '631', 'sgstValue'),
  notNegativeRule('EWB-CESSVALUE-NEGATIVE', '632', 'cessValue'),
  notNegativeRule('EWB-CESSNONADVOL-NEGATIVE', '633', 'cessNonAdvolValue'),
  defineRule({
    id: 'EWB-TOTINV-MIN',
    code: '620',
    severity: 'error',
    certainty: 'certain',
    description:
      'totInvValue must not be below totalValue + igstValue + cgstValue + sgstValue + cessValue + cessNonAdvolValue (with the ₹1 band).',
    check(doc) {
      const declared = numberOf(field(doc, 'totInvValue'));
      if (declared === undefined) return [];
      let base = dec(numberOf(field(doc, 'totalValue')) ?? 0);
      for (const [key] of HEADER_TAXES) base = base.plus(numberOf(field(doc, key)) ?? 0);
      if (dec(declared).gte(base.floor().minus(1))) return [];
      return [found(`totInvValue ${declared} is below the taxable value plus taxes (${base.toFixed(2)}).`, 'totInvValue')];
    },
  }),
  defineRule({
    id: 'EWB-TOTAL-ITEMS',
    code: 'SVC-404',
    severity: 'warning',
    certainty: 'uncertain',
    description:
      'totalValue should equal the sum of the items\' taxableAmount (₹1 band, as the IRP; the e-waybill portal publishes no tolerance and may not check this).',
    check(doc) {
      const declared = numberOf(field(doc, 'totalValue'));
      if (declared === undefined || itemsOf(doc) === undefined) return [];
      const computed = ewbTotals(doc).totalValue;
      if (withinEwbTolerance(declared, computed)) return [];
      return [found(`totalValue ${declared} differs from the sum of the items' taxableAmount (${computed.toFixed(2)}).`, 'totalValue')];
    },
  }),
  defineRule({
    id: 'EWB-TAX-ITEMS',
    code: 'SVC-405',
    severity: 'warning',
    certainty: 'uncertain',
    description:
      'igstValue, cgstValue, sgstValue, cessValue and cessNonAdvolValue should equal the sums computed from the items\' rates (₹1 band; the portal may not check this).',
    check(doc) {
      if (itemsOf(doc) === undefined) return [];
      const computed = ewbTotals(doc);
      const out: Finding[] = [];
      for (const [key, total] of HEADER_TAXES) {
        const declared = numberOf(field(doc, key));
        if (declared === undefined || withinEwbTolerance(declared, computed[total])) continue;
        out.push(found(`${key} ${declared} differs from the amount computed from the items (${computed[total].toFixed(2)}).`, key));
      }
      return out;
    },
  }),
  defineRule({
    id: 'EWB-TOTINV-SUM',
    code: 'SVC-406',
    severity: 'warning',
    certainty: 'uncertain',
    description:
      'totInvValue should equal totalValue + taxes + cess + cessNonAdvolValue + otherValue as declared (₹1 band; the portal is known to refuse only a value below the taxable value plus taxes).',
    check(doc) {
      const declared = numberOf(field(doc, 'totInvValue'));
      if (declared === undefined) return [];
      let sum = dec(numberOf(field(doc, 'totalValue')) ?? 0).plus(numberOf(field(doc, 'otherValue')) ?? 0);
      for (const [key] of HEADER_TAXES) sum = sum.plus(numberOf(field(doc, key)) ?? 0);
      if (withinEwbTolerance(declared, sum)) return [];
      return [found(`totInvValue ${declared} differs from totalValue + taxes + otherValue (${sum.toFixed(2)}).`, 'totInvValue')];
    },
  }),
  defineRule({
    id: 'EWB-INTRA-NO-IGST',
    code: '623',
    severity: 'error',
    certainty: 'likely',
    description:
      'An intra-state movement (fromStateCode equals toStateCode) carries CGST and SGST, not IGST (supplies to or by SEZ units, which carry IGST, cannot be told apart from the request).',
    check(doc) {
      const from = stateNo(doc, 'fromStateCode');
      const to = stateNo(doc, 'toStateCode');
      if (from === undefined || to === undefined || from !== to) return [];
      const out: Finding[] = [];
      if ((numberOf(field(doc, 'igstValue')) ?? 0) > 0) out.push(found('igstValue must be 0 for an intra-state movement; charge CGST and SGST.', 'igstValue'));
      (itemsOf(doc) ?? []).forEach((item, i) => {
        if ((numberOf(field(item, 'igstRate')) ?? 0) > 0) {
          out.push(found(`itemList[${i}].igstRate must be 0 for an intra-state movement; use cgstRate and sgstRate.`, 'itemList', i, 'igstRate'));
        }
      });
      return out;
    },
  }),
  defineRule({
    id: 'EWB-INTER-NO-CGST',
    code: '624',
    severity: 'error',
    certainty: 'certain',
    description: 'An inter-state movement (fromStateCode differs from toStateCode) carries IGST, not CGST and SGST.',
    check(doc) {
      const from = stateNo(doc, 'fromStateCode');
      const to = stateNo(doc, 'toStateCode');
      if (from === undefined || to === undefined || from === to) return [];
      const out: Finding[] = [];
      for (const key of ['cgstValue', 'sgstValue']) {
        if ((numberOf(field(doc, key)) ?? 0) > 0) out.push(found(`${key} must be 0 for an inter-state movement; charge IGST.`, key));
      }
      (itemsOf(doc) ?? []).forEach((item, i) => {
        for (const key of ['cgstRate', 'sgstRate']) {
          if ((numberOf(field(item, key)) ?? 0) > 0) {
            out.push(found(`itemList[${i}].${key} must be 0 for an inter-state movement; use igstRate.`, 'itemList', i, key));
          }
        }
      });
      return out;
    },
  }),
  defineRule({
    id: 'EWB-CGST-SGST-RATE',
    code: '251',
    severity: 'error',
    certainty: 'certain',
    description: 'Each item cgstRate must equal its sgstRate.',
    check(doc) {
      const out: Finding[] = [];
      (itemsOf(doc) ?? []).forEach((item, i) => {
        const c = numberOf(field(item, 'cgstRate'));
        const s = numberOf(field(item, 'sgstRate'));
        if (c === undefined && s === undefined) return;
        if ((c ?? 0) !== (s ?? 0)) {
          out.push(found(`itemList[${i}].cgstRate ${c ?? 0} differs from sgstRate ${s ?? 0}.`, 'itemList', i, 'sgstRate'));
        }
      });
      return out;
    },
  }),
  itemRateRule('EWB-RATE-IGST', '254', 'igstRate'),
  itemRateRule('EWB-RATE-CGST', '252', 'cgstRate'),
  itemRateRule('EWB-RATE-SGST', '253', 'sgstRate'),
  defineRule({
    id: 'EWB-ITEMS-EMPTY',
    code: '233',
    severity: 'error',
    certainty: 'certain',
    description: 'itemList must hold at least one item.',
    check(doc) {
      const items = itemsOf(doc);
      return items !== undefined && items.length === 0 ? [found('itemList is empty; give at least one item.', 'itemList')] : [];
    },
  }),
  defineRule({
    id: 'EWB-ITEMS-MAX',
    code: 'SVC-407',
    severity: 'error',
    certainty: 'likely',
    description: `itemList may hold at most ${MAX_ITEMS} items.`,
    check(doc) {
      const items = itemsOf(doc);
      if (items === undefined || items.length <= MAX_ITEMS) return [];
      return [found(`itemList has ${items.length} items; an e-waybill takes at most ${MAX_ITEMS}.`, 'itemList')];
    },
  }),
  defineRule({
    id: 'EWB-HSN',
    code: '216',
    severity: 'error',
    certainty: 'certain',
    description: 'Each item hsnCode must start with a real HSN chapter and, where the HSN master knows the code, exist in it.',
    check(doc, context) {
      const out: Finding[] = [];
      (itemsOf(doc) ?? []).forEach((item, i) => {
        const code = digitsOf(field(item, 'hsnCode'));
        if (code === undefined || code.length < 2) return;
        if (hsnChapter(code) === undefined) {
          out.push(found(`itemList[${i}].hsnCode ${code} does not start with a valid HSN chapter.`, 'itemList', i, 'hsnCode'));
        } else if (hsnExists(code, context.hsnMaster) === false) {
          out.push(found(`itemList[${i}].hsnCode ${code} is not in the HSN master.`, 'itemList', i, 'hsnCode'));
        }
      });
      return out;
    },
  }),
  defineRule({
    id: 'EWB-HSN-LENGTH',
    code: '282',
    severity: 'error',
    certainty: 'certain',
    description: 'Each item hsnCode must have at least 4 digits (6 for taxpayers with turnover of ₹5 crore or more, not checked here).',
    check(doc) {
      const out: Finding[] = [];
      (itemsOf(doc) ?? []).forEach((item, i) => {
        const code = digitsOf(field(item, 'hsnCode'));
        if (code !== undefined && code.length < 4) {
          out.push(found(`itemList[${i}].hsnCode ${code} has fewer than 4 digits.`, 'itemList', i, 'hsnCode'));
        }
      });
      return out;
    },
  }),
  defineRule({
    id: 'EWB-UNIT',
    code: '217',
    severity: 'error',
    certainty: 'certain',
    description: 'Each item qtyUnit, when given, must be a unit quantity code (UQC) from the master.',
    check(doc) {
      const out: Finding[] = [];
      (itemsOf(doc) ?? []).forEach((item, i) => {
        const unit = textOf(field(item, 'qtyUnit'));
        if (unit !== undefined && !isUnit(unit.toUpperCase())) {
          out.push(found(`itemList[${i}].qtyUnit ${unit} is not a unit quantity code (UQC).`, 'itemList', i, 'qtyUnit'));
        }
      });
      return out;
    },
  }),
];
