/**
 * The codes the sandbox portal answers the actions after generation with, as docs/error-codes.md lists
 * them: each with the action, when it is given, and how sure we are that the portal does the same.
 * A test checks that every code these modules refuse with is here.
 * @module
 */
import type { Certainty } from '../rule.js';

/** One refusal of an action after generation, as docs/error-codes.md lists it. */
export interface EwbActionCode {
  code: string;
  /** The actions that refuse with it. */
  actions: string;
  when: string;
  certainty: Certainty;
  /** Where the code is written down ('own' for gstkit's own). */
  source: string;
}

/** NIC's list of e-waybill error codes, the source of most codes. */
export const EWB_ERROR_LIST = 'EWB GetErrorList (ewb-error-codes.csv)';
const LIST = EWB_ERROR_LIST;

/** The table, in the order the actions judge. */
export const ewbActionCodes: readonly EwbActionCode[] = Object.freeze([
  { code: '325', actions: 'all', when: 'No e-waybill has this number.', certainty: 'certain', source: LIST },
  {
    code: '343',
    actions: 'updatevehicle, updatetransporter, rejectewb',
    when: 'The e-waybill is cancelled, or is a Part-A slip discarded 15 days after generation.',
    certainty: 'likely',
    source: `${LIST}; india-compliance #4233 for the discarded slip`,
  },
  { code: '379', actions: 'extendvalidity', when: 'The e-waybill is cancelled (or a discarded Part-A slip).', certainty: 'certain', source: LIST },
  { code: '635', actions: 'updatevehicle', when: 'The generator, after the assigned transporter has entered Part-B.', certainty: 'certain', source: LIST },
  { code: '636', actions: 'updatevehicle', when: 'The caller is neither the generator nor the transporter assigned now.', certainty: 'certain', source: LIST },
  {
    code: '311',
    actions: 'updatevehicle',
    when: 'The validity has run out (valid to 23:59 of its last day, refused from midnight).',
    certainty: 'certain',
    source: LIST,
  },
  { code: '412', actions: 'updatevehicle', when: 'A multi-vehicle movement of the e-waybill has started.', certainty: 'certain', source: LIST },
  { code: '338', actions: 'updatetransporter', when: 'The generator, after the assigned transporter has entered Part-B.', certainty: 'certain', source: LIST },
  {
    code: '339',
    actions: 'updatetransporter',
    when: 'The caller is neither the generator nor the transporter assigned now.',
    certainty: 'certain',
    source: LIST,
  },
  { code: '281', actions: 'updatetransporter', when: 'The validity has run out.', certainty: 'certain', source: LIST },
  {
    code: '718',
    actions: 'updatetransporter',
    when: 'The caller is blocked for not filing returns for two months.',
    certainty: 'likely',
    source: 'india-compliance e_waybill_errors.py (b2664d6)',
  },
  {
    code: '719',
    actions: 'updatetransporter',
    when: 'The new transporter is blocked for not filing returns for two months.',
    certainty: 'likely',
    source: 'india-compliance e_waybill_errors.py (b2664d6)',
  },
  { code: '637', actions: 'extendvalidity', when: 'The generator, after the assigned transporter has entered Part-B.', certainty: 'certain', source: LIST },
  { code: '700', actions: 'extendvalidity', when: 'The caller is neither the generator nor the transporter assigned now.', certainty: 'certain', source: LIST },
  { code: '381', actions: 'extendvalidity', when: 'The e-waybill has no Part-B, so no validity to extend.', certainty: 'certain', source: LIST },
  { code: '382', actions: 'extendvalidity', when: 'Outside the window from 8 hours before to 8 hours after expiry.', certainty: 'certain', source: LIST },
  {
    code: '390',
    actions: 'extendvalidity',
    when: "The remaining distance is more than the e-waybill's distance (not judged when that was 0, computed by the portal).",
    certainty: 'certain',
    source: LIST,
  },
  { code: '383', actions: 'extendvalidity', when: 'The new validity could not be computed from the stored e-waybill.', certainty: 'likely', source: LIST },
  {
    code: '821',
    actions: 'extendvalidity',
    when: 'More than 360 days after generation (from 01/01/2025); an extension that would pass the limit is cut at it.',
    certainty: 'likely',
    source: 'NIC additional validations of 17/12/2024',
  },
  { code: '341', actions: 'rejectewb', when: "The caller generated the e-waybill (one's own cannot be rejected).", certainty: 'certain', source: LIST },
  { code: '342', actions: 'rejectewb', when: 'The caller is not the other party (consignor or consignee) of the supply.', certainty: 'certain', source: LIST },
  { code: '345', actions: 'rejectewb', when: 'The validity has run out.', certainty: 'certain', source: LIST },
  { code: '346', actions: 'rejectewb', when: 'More than 72 hours after generation.', certainty: 'certain', source: LIST },
  { code: 'SVC-925', actions: 'rejectewb', when: "Already rejected (the portal's code for this is not known).", certainty: 'uncertain', source: 'own' },
  {
    code: '813',
    actions: 'all',
    when: 'The e-waybill kept changing under concurrent requests; try again.',
    certainty: 'likely',
    source: 'india-compliance e_waybill_errors.py (b2664d6)',
  },
]);
