/**
 * Codes of bulk registration (`SVC-72x`): the request's own refusals and a document's failures that no
 * portal coded. Listed in docs/error-codes.md.
 * @module
 */
export const bulkCodes = {
  /** More documents in one bulk request than it may carry (HTTP 413). */
  tooManyDocuments: 'SVC-720',
  /** The bulk request has no `documents` list, or an empty one (HTTP 400). */
  noDocuments: 'SVC-721',
  /** The company may not act for the document's GSTIN (the code the single routes answer 403 with). */
  forbidden: 'SVC-943',
  /** The provider failed on the document in a way it did not code (an exception); it may be sent again in a new request. */
  providerFailed: 'SVC-722',
  /** The bulk job's queued parameters are not a list of documents for a company. */
  badJob: 'SVC-723',
} as const;

/** The most documents one bulk request (and one bulk job) may carry. */
export const MAX_BULK_DOCUMENTS = 1000;
