/**
 * Codes the sandbox and the HTTP adapter use where no government portal has one. They sit in the
 * `SVC-9xx` block of the catalogue, apart from the field-level `SVC-nnn` codes of the schemas.
 * @module
 */
export const sandboxCodes = {
  /** The caller's GSTIN is neither party of the e-waybill. */
  notParty: 'SVC-920',
  /** A closed e-waybill cannot be cancelled. */
  closedCannotCancel: 'SVC-921',
  /** The e-waybill is already closed. */
  alreadyClosed: 'SVC-922',
  /** Closure date outside generation date..today. */
  closureDate: 'SVC-923',
  /** Cancel requested more than 24 hours after generation. */
  ewbCancelWindow: 'SVC-924',
  /** The other party already rejected the e-waybill (the portal's code for a second rejection is not known). */
  alreadyRejected: 'SVC-925',
  /** The e-waybill request given to the provider is not an object (a caller from plain JavaScript). */
  notObject: 'SVC-761',
} as const;
