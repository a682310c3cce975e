/**
 * gstkit: validate, normalise and compute Indian GST documents (e-invoice, e-waybill and the service's
 * other payloads). This entry never loads the PDF, QR or Excel libraries: those sit behind their own
 * subpaths (`gstkit/render/pdf`, `gstkit/render/qr`, `gstkit/render/excel`).
 * @module
 */
export type { Issue, Outcome, Severity } from './issue.js';
export { error, warning, pointer } from './issue.js';
export { kinds, requestKinds, responseKinds, isKind, schemaId, type Kind, type RequestKind, type ResponseKind } from './kinds.js';
export { validate, type ValidateOptions, type ValidationResult } from './schema/validate.js';
export { normalize, type NormalizeResult } from './normalize/normalize.js';
export { svcCodes, type SvcCode } from './schema/codes.js';
export { rulesFor, allRules } from './rules/index.js';
export type { Rule, RuleContext, Certainty, Evidence, Portal, IrpName, Environment, TurnoverBounds } from './rules/rule.js';
export { irpNames, ruleSeverity } from './rules/rule.js';
export * from './compute/index.js';
