/**
 * The codes of the computations (listed in docs/error-codes.md through src/catalogue.ts).
 * @module
 */

export const computeCodes = {
  /** An amount completeInvoice could not derive because an input it needs is missing; it is left out. */
  notDerived: 'SVC-530',
} as const;

/** @deprecated The name before the code tables were named alike; use {@link computeCodes}. */
export const COMPUTE_CODES = computeCodes;
