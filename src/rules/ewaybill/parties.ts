/**
 * Rules on the parties: GSTINs, state codes and PIN codes.
 * @module
 */

import { pinMatchesState, state } from '../../masters/index.js';
import type { Rule } from '../rule.js';
import { digitsOf, field, found, gstinKind, gstinStateCode, integerOf, isGiven, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { EWB_OTHER_TERRITORY, isEwbForeignState } from '../../masters/ewaybill.js';
import { FOREIGN_PIN, isExport, isImport, stateNo, supplyOf } from './shared.js';

/** A state code rule: the code must be on the state master and usable for new documents. */
function stateRule(id: string, code: string, key: string, label: string): Rule {
  return defineRule(findingReader, {
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
  return defineRule(findingReader, {
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
  return defineRule(findingReader, {
    id,
    code,
    severity: 'error',
    certainty: 'likely',
    description: `${pinKey} must belong to the state in ${stateKey} (judged on the PIN's first three digits; unknown prefixes pass).`,
    check(doc) {
      const pin = digitsOf(field(doc, pinKey));
      const st = stateNo(doc, stateKey);
      if (pin === undefined || st === undefined || pin === FOREIGN_PIN) return [];
      if (isEwbForeignState(st) || st === EWB_OTHER_TERRITORY) return [];
      if (pinMatchesState(pin, st) === false) {
        return [found(`${pinKey} ${pin} does not belong to the state in ${stateKey} (${st}).`, pinKey)];
      }
      return [];
    },
  });
}

/** Rules on the parties, in the order they are reported. */
export const partyRules: Rule[] = [
  defineRule(findingReader, {
    id: 'EWB-FROM-GSTIN',
    code: '208',
    severity: 'error',
    certainty: 'certain',
    description: 'fromGstin must be a valid GSTIN (format and check character); URP (unregistered) is allowed only for inward supplies.',
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
  defineRule(findingReader, {
    id: 'EWB-TO-GSTIN',
    code: '212',
    severity: 'error',
    certainty: 'certain',
    description: 'toGstin must be a valid GSTIN (format and check character); URP (unregistered or foreign recipient) is allowed only for outward supplies.',
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
  defineRule(findingReader, {
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
  // The portal is not known to compare these: the e-waybill sandbox generated an e-waybill whose state
  // codes differed from the GSTINs' state digits, and ERPs in production send 99 for SEZ recipients.
  defineRule(findingReader, {
    id: 'EWB-FROM-GSTIN-STATE',
    code: 'SVC-402',
    severity: 'warning',
    certainty: 'uncertain',
    description:
      'fromStateCode is usually the state in the first two digits of fromGstin (imports and foreign codes 96/99 are exempt); the portal accepts a difference, so this only warns.',
    check(doc) {
      if (isImport(doc)) return [];
      const expected = gstinStateCode(field(doc, 'fromGstin'));
      const given = stateNo(doc, 'fromStateCode');
      if (expected === undefined || given === undefined || expected === given || isEwbForeignState(given)) return [];
      return [
        found(`fromStateCode ${given} differs from the state of fromGstin (${String(expected).padStart(2, '0')}); check that it is meant.`, 'fromStateCode'),
      ];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-TO-GSTIN-STATE',
    code: 'SVC-403',
    severity: 'warning',
    certainty: 'uncertain',
    description:
      'toStateCode is usually the state in the first two digits of toGstin (exports and foreign codes 96/99, used for SEZ recipients, are exempt); the portal accepts a difference, so this only warns.',
    check(doc) {
      if (isExport(doc)) return [];
      const expected = gstinStateCode(field(doc, 'toGstin'));
      const given = stateNo(doc, 'toStateCode');
      if (expected === undefined || given === undefined || expected === given || isEwbForeignState(given)) return [];
      return [found(`toStateCode ${given} differs from the state of toGstin (${String(expected).padStart(2, '0')}); check that it is meant.`, 'toStateCode')];
    },
  }),
  defineRule(findingReader, {
    id: 'EWB-EXPORT-TO-STATE',
    code: '373',
    severity: 'error',
    certainty: 'likely',
    description:
      "For an export (outward, subSupplyType 3), toStateCode must be 99, the e-waybill portal's Other Countries (96, the e-invoice's code, is also accepted).",
    check(doc) {
      const to = stateNo(doc, 'toStateCode');
      if (!isExport(doc) || to === undefined || isEwbForeignState(to)) return [];
      return [found(`toStateCode must be 99 (Other Countries) for an export, not ${to}; the port's state goes in actToStateCode.`, 'toStateCode')];
    },
  }),
  defineRule(findingReader, {
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
  defineRule(findingReader, {
    id: 'EWB-IMPORT-FROM-STATE',
    code: '375',
    severity: 'error',
    certainty: 'likely',
    description:
      "For an import (inward, subSupplyType 2), fromStateCode must be 99, the e-waybill portal's Other Countries (96, the e-invoice's code, is also accepted).",
    check(doc) {
      const from = stateNo(doc, 'fromStateCode');
      if (!isImport(doc) || from === undefined || isEwbForeignState(from)) return [];
      return [found(`fromStateCode must be 99 (Other Countries) for an import, not ${from}; the port's state goes in actFromStateCode.`, 'fromStateCode')];
    },
  }),
  defineRule(findingReader, {
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
];
