/**
 * gstkit: validate, normalize and compute Indian GST documents (e-invoice, e-waybill and the service's
 * other payloads). This entry never loads the PDF, QR or Excel libraries: those sit behind their own
 * subpaths (`gstkit/render/pdf`, `gstkit/render/qr`, `gstkit/render/excel`).
 * @module
 */
export type { Issue, Outcome, Severity } from './issue.js';
export { error, warning, pointer } from './issue.js';
// The canonical payload types, generated from schemas/ (scripts/write-types.ts); named here so that they take
// precedence over the looser computing types of the same names that compute/ re-exports.
export type {
  CancelEwbResponse,
  CancelEwbPayload,
  CancelIrnResponse,
  CancelIrnPayload,
  CloseEwbResponse,
  CloseEwbPayload,
  DealError,
  DealSuccess,
  DealPayload,
  EwbByIrnPayload,
  EwbDetail,
  EwbListByDate,
  EwbListOtherParty,
  EwbResponse,
  EwbPayload,
  GstinInfo,
  GstrExportPayload,
  GstrPullPayload,
  Gstr3bExportPayload,
  IrnRecord,
  IrnPayload,
  JobStatus,
  Job,
  PartyGstin,
  PaymentQrResponse,
  PaymentQrPayload,
  PayloadTypes,
} from './types/payloads.js';
export { kinds, requestKinds, responseKinds, isKind, schemaId, type Kind, type RequestKind, type ResponseKind } from './kinds.js';
export { validate, type ValidateOptions, type ValidationResult } from './validate.js';
export { normalize, type NormalizeResult } from './normalize/normalize.js';
export { svcCodes, type SvcCode } from './schema/codes.js';
export { rulesFor, allRules } from './rules/index.js';
export type { Rule, RuleContext, Certainty, Evidence, Portal, IrpName, Environment, TurnoverBounds } from './rules/rule.js';
export { irpNames, ruleSeverity } from './rules/rule.js';
export * from './compute/index.js';
