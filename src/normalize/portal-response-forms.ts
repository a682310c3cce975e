/**
 * The portals' own names and envelopes for the responses the service passes on. The e-waybill portal
 * answers a generation with `{ewayBillNo, ewayBillDate, validUpto, alert}` and a cancellation with
 * `{ewayBillNo, cancelDate}`; the IRP writes `AckDt`, `EwbDt` and `Status` where the service writes
 * `AckTime`, `EwbTime` and `IrnStatus` (research/nic.md). A decrypted portal answer has no `Success`
 * flag, and the e-waybill GET APIs answer with the bare record or list; such a payload is a success (and a
 * generation answer an active e-waybill).
 * @module
 */

import { responseKinds, type Kind } from '../kinds.js';
import type { Alias } from './aliases.js';
import { isPlainObject } from './same-value.js';

/** The IRP's error list (`ErrorDetails: [{ErrorCode, ErrorMessage}]`) in the service's names. */
const errorAliases: readonly Alias[] = [
  { at: '', from: 'ErrorDetails', to: ['Errors'] },
  { at: '/Errors/*', from: 'ErrorCode', to: ['Code'] },
  { at: '/Errors/*', from: 'ErrorMessage', to: ['Message'] },
];

const fieldAliases: Partial<Record<Kind, readonly Alias[]>> = {
  'ewb-response': [
    { at: '', from: 'ewayBillNo', to: ['EwbNo'] },
    { at: '', from: 'ewayBillDate', to: ['EwbTime'] },
    { at: '', from: 'EwbDt', to: ['EwbTime'] },
    { at: '', from: 'validUpto', to: ['EwbValidTill'] },
  ],
  'irn-record': [
    { at: '', from: 'AckDt', to: ['AckTime'] },
    { at: '', from: 'EwbDt', to: ['EwbTime'] },
    { at: '', from: 'Status', to: ['IrnStatus'] },
  ],
  'cancel-ewb-response': [
    { at: '', from: 'ewayBillNo', to: ['EwbNo'] },
    { at: '', from: 'ewbNo', to: ['EwbNo'] },
    { at: '', from: 'cancelDate', to: ['CancelTime'] },
  ],
  'close-ewb-response': [{ at: '', from: 'closureAckTime', to: ['ClosureAckTime'] }],
};

/** The e-waybill API's own names for request fields whose canonical spelling differs beyond letter case. */
const ewbRequestAliases: readonly Alias[] = [
  { at: '', from: 'shipToTradeName', to: ['shipToTrdName'] },
  { at: '', from: 'dispatchFromTradeName', to: ['dispatchFromTrdName'] },
  // The portal's bulk-upload format (offline tool JSON, billLists entries) names these differently.
  { at: '', from: 'actualFromStateCode', to: ['actFromStateCode'] },
  { at: '', from: 'actualToStateCode', to: ['actToStateCode'] },
  { at: '', from: 'transType', to: ['transactionType'] },
  { at: '', from: 'TotNonAdvolVal', to: ['cessNonAdvolValue'] },
  { at: '', from: 'OthValue', to: ['otherValue'] },
];

/** Portal spellings of response fields, per kind, and of e-waybill request fields (matched case-insensitively like every alias). */
export const portalResponseAliases: Partial<Record<Kind, readonly Alias[]>> = {
  ...Object.fromEntries(responseKinds.map((kind) => [kind, [...errorAliases, ...(fieldAliases[kind] ?? [])]])),
  ewb: ewbRequestAliases,
};

/**
 * Fields only a portal writes (the service spells them otherwise), whose presence marks a bare portal
 * success answer of each kind. A payload in the service's own spelling without Success stays as it is.
 */
const SUCCESS_MARK: Partial<Record<Kind, readonly string[]>> = {
  'ewb-response': ['ewayBillNo', 'ewayBillDate', 'EwbDt'],
  'irn-record': ['AckDt'],
  'cancel-ewb-response': ['cancelDate', 'ewayBillNo'],
  'party-gstin': ['DtReg'],
};

/** Kinds whose success carries the portal's record or list under `Response`. */
const WRAPPED: Partial<Record<Kind, 'record' | 'list'>> = {
  'ewb-detail': 'record',
  'ewb-list-other-party': 'list',
  'ewb-list-by-date': 'list',
  'ewb-list-for-transporter': 'list',
  'ewb-list-rejected': 'list',
};

const hasKey = (record: Record<string, unknown>, names: readonly string[]): boolean => {
  const lower = new Set(names.map((n) => n.toLowerCase()));
  return Object.keys(record).some((k) => lower.has(k.toLowerCase()));
};

/**
 * A bare portal answer put in the service's envelope: `{Success: true, ...}` for a flat success, and
 * `{Success: true, Response: ...}` for a GET record or list. Anything else comes back as it is.
 */
export function envelopePortalResponse(kind: Kind, payload: unknown): unknown {
  const failure = ewbPortalFailure(payload);
  if (failure) return failure;
  const wrapped = WRAPPED[kind];
  const mark = SUCCESS_MARK[kind];
  // A request, or a response with no bare form: nothing to put in an envelope.
  if (wrapped === undefined && mark === undefined) return payload;
  if (wrapped === 'list' && Array.isArray(payload)) return { Success: true, Response: payload };
  if (!isPlainObject(payload) || hasKey(payload, ['Success', 'Errors', 'Response'])) return payload;
  if (wrapped === 'record') return hasKey(payload, ['ewbNo', 'ewayBillDate']) ? { Success: true, Response: payload } : payload;
  if (!mark || !hasKey(payload, mark)) return payload;
  // The portals answer a generation only when the e-waybill exists, so it is active.
  if (kind === 'ewb-response' && !hasKey(payload, ['EwbStatus'])) return { Success: true, EwbStatus: 'ACT', ...payload };
  return { Success: true, ...payload };
}

/**
 * The portals' failure answers as the service's `{Success: false, Errors}`: the e-waybill portal's
 * `{status: "0", error: {errorCodes: "312,604,"}}` once decoded (the list may end with a comma,
 * research/nic.md), and the IRP's `{Status: 0, ErrorDetails}`.
 */
function ewbPortalFailure(payload: unknown): unknown {
  if (!isPlainObject(payload)) return undefined;
  // The IRP's failure: {Status: 0, ErrorDetails: [...], Data: null, InfoDtls: null}.
  if (Array.isArray(payload['ErrorDetails']) && !hasKey(payload, ['Success', 'Errors']) && String(payload['Status'] ?? '0').trim() === '0') {
    const out: Record<string, unknown> = { Success: false, ErrorDetails: payload['ErrorDetails'] };
    if (Array.isArray(payload['InfoDtls'])) out['InfoDtls'] = payload['InfoDtls'];
    return out;
  }
  const inner = isPlainObject(payload['error']) ? payload['error'] : payload;
  const list = inner['errorCodes'];
  if (typeof list !== 'string' || hasKey(payload, ['Success', 'Errors'])) return undefined;
  const codes = list.split(',').map((c) => c.trim()).filter((c) => c !== '');
  if (codes.length === 0) return undefined;
  return { Success: false, Errors: codes.map((code) => ({ Code: code, Message: `The e-waybill portal refused the request with code ${code}.` })) };
}
