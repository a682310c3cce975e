/**
 * The payload kinds gstkit knows: one JSON Schema each in schemas/<kind>.schema.json.
 * @module
 */

/** Request payloads (SPEC.md part 2, plus cancel-irn from the design). */
export const requestKinds = [
  'deal',
  'irn',
  'ewb',
  'ewb-by-irn',
  'cancel-ewb',
  'close-ewb',
  'update-vehicle',
  'update-transporter',
  'extend-validity',
  'reject-ewb',
  'cancel-irn',
  'payment-qr',
  'gstr-pull',
  'gstr-export',
  'gstr3b-export',
  'consolidated-ewb',
  'regenerate-trip-sheet',
  'initiate-multi-vehicle',
  'add-multi-vehicle',
  'change-multi-vehicle',
  'gst-otp',
  'gst-connect',
  'gst-disconnect',
  'ims-pull',
  'ims-action',
  'gstr1-upload',
  'gstr1-evc',
  'gstr1-file',
] as const;

/** Response payloads. */
export const responseKinds = [
  'irn-record',
  'ewb-response',
  'ewb-detail',
  'ewb-list-other-party',
  'ewb-list-by-date',
  'ewb-list-for-transporter',
  'ewb-list-rejected',
  'gstin-info',
  'party-gstin',
  'payment-qr-response',
  'cancel-ewb-response',
  'close-ewb-response',
  'update-vehicle-response',
  'update-transporter-response',
  'extend-validity-response',
  'reject-ewb-response',
  'cancel-irn-response',
  'job',
  'job-status',
  'deal-success',
  'deal-error',
  'consolidated-ewb-response',
  'trip-sheet',
  'initiate-multi-vehicle-response',
  'add-multi-vehicle-response',
  'change-multi-vehicle-response',
] as const;

export type RequestKind = (typeof requestKinds)[number];
export type ResponseKind = (typeof responseKinds)[number];
export type Kind = RequestKind | ResponseKind;

/** Every kind, requests first. */
export const kinds: readonly Kind[] = [...requestKinds, ...responseKinds];

/** Whether a string names a known kind. */
export function isKind(name: string): name is Kind {
  return (kinds as readonly string[]).includes(name);
}

/** The stable `$id` of a kind's schema. */
export function schemaId(kind: Kind): string {
  return `https://gstkit.dev/schemas/${kind}.schema.json`;
}
