/**
 * The portals' own names and envelopes for the responses the service passes on. The e-waybill portal
 * answers a generation with `{ewayBillNo, ewayBillDate, validUpto, alert}` and a cancellation with
 * `{ewayBillNo, cancelDate}`; the IRP writes `AckDt`, `EwbDt` and `Status` where the service writes
 * `AckTime`, `EwbTime` and `IrnStatus` (research/nic.md). A decrypted portal answer has no `Success`
 * flag, and the e-waybill GET APIs answer with the bare record or list; such a payload is a success (and a
 * generation answer an active e-waybill). The answer of every action, with its source, is listed in
 * docs/portal-responses.md.
 * @module
 */

import type { AnySchemaObject } from 'ajv';
import { responseKinds, schemaId, type Kind } from '../kinds.js';
import { allSchemas } from '../schema/registry.js';
import type { Alias } from './aliases.js';
import { expectOf, isPortalResponseKind } from './portal-response.js';
import { openPortalEnvelope } from './portal-response-envelope.js';
import { trimPortalKeys } from './portal-response-keys.js';
import { isPlainObject } from '../json.js';

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
    // The IRP's GET e-waybill by IRN: {EwbNo, Status, GenGstin, EwbDt, EwbValidTill}.
    { at: '', from: 'Status', to: ['EwbStatus'] },
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
  // A service envelope naming the cancellation time as the e-waybill side does.
  'cancel-irn-response': [{ at: '', from: 'CancelTime', to: ['CancelDate'] }],
  // REGENTRIPSHEET answers with the new trip sheet's number and its e-waybills.
  'consolidated-ewb-response': [{ at: '', from: 'tripSheetNo', to: ['cEwbNo'] }],
  // The e-waybill system's GetGSTINDetails: {gstin, tradeName, legalName, address1, address2, stateCode, pinCode, ...}.
  'party-gstin': [{ at: '', from: 'pinCode', to: ['AddrPncd'] }],
  // GetTripSheet: the trip sheet's `status` (GSP copies) and its members' names as NIC's pages write them.
  'trip-sheet': [
    { at: '/Response', from: 'status', to: ['tripSheetStatus'] },
    { at: '/Response/tripSheetEwbBills/*', from: 'ewbDate', to: ['ewayBillDate'] },
    { at: '/Response/tripSheetEwbBills/*', from: 'fromTradeName', to: ['fromTrdName'] },
    { at: '/Response/tripSheetEwbBills/*', from: 'toTradeName', to: ['toTrdName'] },
  ],
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
 * Fields of each kind's bare portal answer, whose presence marks a success the portal wrote without the
 * service's `Success` flag. For the e-waybill answers the service keeps the portal's names, so the bare
 * answer is told by its own date field; where the service spells a field otherwise (EwbTime, AckTime) only
 * the portal's spelling marks it, and a payload in the service's own spelling without Success stays as it is.
 */
const SUCCESS_MARK: Partial<Record<Kind, readonly string[]>> = {
  'ewb-response': ['ewayBillNo', 'ewayBillDate', 'EwbDt', 'GenGstin'],
  'irn-record': ['AckDt'],
  'cancel-irn-response': ['CancelDate'],
  'cancel-ewb-response': ['cancelDate', 'ewayBillNo'],
  'party-gstin': ['Gstin', 'LegalName', 'TradeName', 'DtReg', 'AddrPncd', 'pinCode', 'address1'],
  'update-vehicle-response': ['vehUpdDate'],
  'update-transporter-response': ['transUpdateDate'],
  'extend-validity-response': ['updatedDate'],
  'reject-ewb-response': ['ewbRejectedDate'],
  'consolidated-ewb-response': ['cEwbNo', 'cEWBDate', 'tripSheetNo'],
  'initiate-multi-vehicle-response': ['createdDate'],
  'add-multi-vehicle-response': ['vehAddedDate'],
  'change-multi-vehicle-response': ['vehUpdDate'],
};

/** Kinds whose success carries the portal's record or list under `Response`. */
const WRAPPED: Partial<Record<Kind, 'record' | 'list'>> = {
  'ewb-detail': 'record',
  'trip-sheet': 'record',
  'ewb-list-other-party': 'list',
  'ewb-list-by-date': 'list',
  'ewb-list-for-transporter': 'list',
  'ewb-list-rejected': 'list',
};

/** Fields that mark a bare GET record (GetEwayBill, GetTripSheet) without a transport envelope. */
const RECORD_MARK: Partial<Record<Kind, readonly string[]>> = {
  'ewb-detail': ['ewbNo', 'ewayBillDate'],
  'trip-sheet': ['tripSheetNo', 'tripSheetEwbBills'],
};

const hasKey = (record: Record<string, unknown>, names: readonly string[]): boolean => {
  const lower = new Set(names.map((n) => n.toLowerCase()));
  return Object.keys(record).some((k) => lower.has(k.toLowerCase()));
};

/** Whether the kind's schema has a top-level field (InfoDtls is kept only where the kind has a place for it). */
function hasField(kind: Kind, name: string): boolean {
  const root = allSchemas().get(schemaId(kind)) as AnySchemaObject | undefined;
  return isPlainObject(root?.['properties']) && Object.hasOwn(root['properties'], name);
}

/**
 * The answer with its padded field names trimmed (portal-response-keys.ts): read against the kind's
 * schema, or against the schema of its `Response` when the answer is what goes there.
 */
function withTrimmedKeys(kind: Kind, answer: unknown, isResponse: boolean): unknown {
  const id = schemaId(kind);
  const root = allSchemas().get(id);
  if (!isResponse) return trimPortalKeys(answer, root, id);
  const response = expectOf(root, id).properties?.get('Response');
  return response ? trimPortalKeys(answer, response.node, response.base) : answer;
}

/** A portal's success answer in the service's envelope; `known` when a transport envelope said it succeeded. */
function asSuccess(kind: Kind, bare: unknown, info: unknown[] | undefined, known: boolean): unknown {
  const wrapped = WRAPPED[kind];
  const answer = withTrimmedKeys(kind, bare, wrapped !== undefined);
  if (wrapped === 'list') return Array.isArray(answer) ? { Success: true, Response: answer } : answer;
  if (!isPlainObject(answer) || hasKey(answer, ['Success', 'Errors', 'Response'])) return answer;
  if (wrapped === 'record') return known || hasKey(answer, RECORD_MARK[kind] ?? []) ? { Success: true, Response: answer } : answer;
  const mark = SUCCESS_MARK[kind];
  if (!known && (!mark || !hasKey(answer, mark))) return answer;
  const out: Record<string, unknown> = { Success: true };
  // The portals answer a generation only when the e-waybill exists, so it is active.
  if (kind === 'ewb-response' && !hasKey(answer, ['EwbStatus', 'Status'])) out['EwbStatus'] = 'ACT';
  Object.assign(out, answer);
  if (info && hasField(kind, 'InfoDtls') && !hasKey(answer, ['InfoDtls'])) out['InfoDtls'] = info;
  return out;
}

/**
 * A portal's answer put in the service's envelope: the transport envelope (the IRP's `{Status, Data,
 * ErrorDetails, InfoDtls}`, the e-waybill system's `{status, data, error}`, docs/portal-responses.md)
 * opened, a refusal as `{Success: false, Errors}`, a bare success as `{Success: true, ...}` and a GET
 * record or list as `{Success: true, Response: ...}`. Keys padded with spaces are read trimmed. Anything
 * else, the service's own envelope among it, comes back as it is.
 */
export function envelopePortalResponse(kind: Kind, payload: unknown): unknown {
  if (!(responseKinds as readonly string[]).includes(kind)) return payload;
  const opened = openPortalEnvelope(payload);
  if (opened?.form === 'failure') {
    const out: Record<string, unknown> = { Success: false, Errors: opened.errors };
    if (opened.info && hasField(kind, 'InfoDtls')) out['InfoDtls'] = opened.info;
    return out;
  }
  if (!isPortalResponseKind(kind)) return payload;
  if (opened?.form === 'success') return asSuccess(kind, opened.answer, opened.info, true);
  // The service's own envelope: its Response, or its fields, may still carry padded names.
  if (isPlainObject(payload) && hasKey(payload, ['Success'])) return withTrimmedKeys(kind, payload, false);
  return asSuccess(kind, payload, undefined, false);
}
