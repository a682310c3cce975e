/**
 * Rules of the transporter change request (updatetransporter, NIC action UPDATETRANSPORTER) judged from
 * the request alone. Whether the caller may change the transporter (338, 339) and whether the e-waybill
 * is still active and valid (343, 281) is judged on the stored e-waybill.
 * @module
 */

import type { Rule } from '../rule.js';
import { field, found, gstinKind, textOf, TRANSPORTER_ID_PATTERN, findingReader } from '../support.js';
import { defineRule } from '../define.js';
import { ewbNoRule } from './action-shared.js';
import { ewbPartB, transporterIdRule } from './transport-fields.js';

/** The transporter change request rules. */
export const updateTransporterRules: Rule[] = [
  ewbNoRule('UPDTRANS'),
  transporterIdRule('UPDTRANS-ID', '222', ewbPartB, false),
  // A transporter id (TRANSIN) has the GSTIN's shape and its own check character; the portal is not
  // known to refuse one whose check character is off, so this only warns.
  defineRule(findingReader, {
    id: 'UPDTRANS-ID-CHECK',
    code: 'SVC-480',
    severity: 'error',
    certainty: 'uncertain',
    evidence: 'own',
    description: 'transporterId shaped like a GSTIN should carry a valid check character (a typing slip otherwise).',
    check(doc) {
      const id = textOf(field(doc, 'transporterId'));
      if (id === undefined || !TRANSPORTER_ID_PATTERN.test(id) || gstinKind(id) !== 'bad-check') return [];
      return [found(`transporterId ${id} has the shape of a GSTIN but its check character is wrong; check it for a typing slip.`, 'transporterId')];
    },
  }),
];
