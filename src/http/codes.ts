/**
 * Codes of the HTTP adapter, in the `SVC-9xx` block of the catalogue. Field problems in bodies
 * keep the codes of the schemas and rules; portal refusals keep the portal's codes.
 * @module
 */
import { jobCodes } from '../ports/jobs.js';

export const httpCodes = {
  /** A required query parameter is missing. */
  missingParameter: 'SVC-901',
  /** A query parameter has a value outside its list or format. */
  badParameter: 'SVC-902',
  /** The body is not JSON. */
  malformedJson: 'SVC-903',
  /** The body is larger than the configured limit. */
  bodyTooLarge: 'SVC-904',
  /** A text or key of the body holds a NUL character (U+0000), which no store can keep. */
  nulInText: 'SVC-905',
  /** No route has this path. */
  notFound: 'SVC-906',
  /** The route exists but not for this method. */
  methodNotAllowed: 'SVC-907',
  /** The request's path cannot be read (a malformed percent-escape) or its Host header is not a host. */
  badUrl: 'SVC-908',
  /** gstkit is mounted under a framework prefix its handler's basePath does not name (HTTP 500, a host's mistake). */
  mountMismatch: 'SVC-909',
  /** No or bad credentials. */
  unauthenticated: 'SVC-940',
  /** The company may not act for this GSTIN, or Svc-Company names another company. */
  forbidden: 'SVC-943',
  /** Something unforeseen failed inside the service. */
  internal: 'SVC-950',
  /** A provider (portal, queue) could not be reached. */
  unavailable: 'SVC-951',
  jobNotFound: jobCodes.jobNotFound,
  jobFileMissing: jobCodes.jobFileMissing,
  /** No UPI payee is configured for the seller GSTIN. */
  payeeMissing: 'SVC-954',
  notConfigured: jobCodes.notConfigured,
  jobInterrupted: jobCodes.jobInterrupted,
  secretUnreadable: jobCodes.secretUnreadable,
  storageFull: jobCodes.storageFull,
  /** The request line and headers (the URL with them) are larger than the server accepts (HTTP 431). */
  headersTooLarge: 'SVC-970',
  /** The client did not send its headers, or its whole request, in time (HTTP 408). */
  requestTimeout: 'SVC-971',
  /** The server is serving its limit of connections (HTTP 503, Retry-After). */
  tooManyConnections: 'SVC-972',
  /** The request is not well-formed HTTP (HTTP 400, before any route is known). */
  badHttp: 'SVC-973',
  /** The API key made more requests than its limit allows in the window (HTTP 429, Retry-After). */
  rateLimited: 'SVC-974',
} as const;

/** The GSTR routes' own codes (SPEC 7.2), kept with the GST portal port. */
export { gstrCodes } from '../ports/gst-portal.js';
