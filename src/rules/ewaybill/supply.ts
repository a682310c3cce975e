/**
 * Rules on the kind of movement: supply type, sub-supply type, document type and transaction type.
 * @module
 */

import type { Rule } from '../rule.js';
import { field, found, gstinKind, isGiven, sameGstin, textOf, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import {
  EWB_DOC_TYPES_FOR as DOC_TYPES,
  EWB_SUB_SUPPLY_FOR_SUPPLY as SUB_SUPPLY_TYPES,
  EWB_SUB_SUPPLY_TYPES as SUB_SUPPLY_NAMES,
  isEwbForeignState,
} from '../../masters/ewaybill.js';
import { isExport, isImport, stateNo, subOf, supplyOf, txnOf } from './shared.js';

/** Rules on the kind of movement, in the order they are reported. */
export const supplyRules: Rule[] = [
  defineRule(findingReader, {
    id: 'EWB-SUBSUPPLY-FOR-SUPPLY',
    code: '203',
    severity: 'error',
    certainty: 'likely',
    description: 'subSupplyType must be one the portal offers for the supplyType: outward 1, 3, 4, 5, 8, 9, 10, 11, 12; inward 1, 2, 5, 6, 7, 8, 9, 12.',
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
  defineRule(findingReader, {
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
  defineRule(findingReader, {
    id: 'EWB-DOCTYPE-FOR-SUBSUPPLY',
    code: '205',
    severity: 'error',
    certainty: 'likely',
    description: 'docType must fit the supplyType and subSupplyType (e.g. outward Supply: INV or BIL; Job Work: CHL; inward Import: BOE; Others: CHL or OTH).',
    check(doc) {
      const supply = supplyOf(doc);
      const sub = subOf(doc);
      const docType = textOf(field(doc, 'docType'))?.toUpperCase();
      if (supply === undefined || sub === undefined || docType === undefined) return [];
      if (supply === 'O' && docType === 'BOE') return []; // reported as 611
      if (docType === 'CNT') return []; // on the portal's list; its combinations are not documented
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
  defineRule(findingReader, {
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
  defineRule(findingReader, {
    id: 'EWB-TXN-REGULAR-FROM',
    code: '643',
    severity: 'error',
    certainty: 'likely',
    description:
      'For transactionType 1 (Regular), actFromStateCode must equal fromStateCode (imports, and suppliers given the foreign code 99 or 96 as ERPs do for SEZ units, are exempt).',
    check(doc) {
      if (txnOf(doc) !== 1 || isImport(doc)) return [];
      const from = stateNo(doc, 'fromStateCode');
      const act = stateNo(doc, 'actFromStateCode');
      if (from === undefined || act === undefined || from === act || isEwbForeignState(from)) return [];
      return [
        found(
          `actFromStateCode ${act} differs from fromStateCode ${from}; a Regular transaction dispatches from the supplier's state (use transactionType 3 or 4 otherwise).`,
          'actFromStateCode',
        ),
      ];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-TXN-REGULAR-TO',
    code: '644',
    severity: 'error',
    certainty: 'likely',
    description:
      'For transactionType 1 (Regular), actToStateCode must equal toStateCode (exports, and recipients given the foreign code 99 or 96 as ERPs do for SEZ units, are exempt).',
    check(doc) {
      if (txnOf(doc) !== 1 || isExport(doc)) return [];
      const to = stateNo(doc, 'toStateCode');
      const act = stateNo(doc, 'actToStateCode');
      if (to === undefined || act === undefined || to === act || isEwbForeignState(to)) return [];
      return [
        found(
          `actToStateCode ${act} differs from toStateCode ${to}; a Regular transaction ships to the recipient's state (use transactionType 2 or 4 otherwise).`,
          'actToStateCode',
        ),
      ];
    },
  }),
  defineRule(findingReader, {
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
  defineRule(findingReader, {
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
  defineRule(findingReader, {
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
  defineRule(findingReader, {
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
  defineRule(findingReader, {
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
];
