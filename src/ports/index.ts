/**
 * The ports: what a production host implements or configures. The provider interfaces (IRP,
 * e-waybill portal, GSTIN registry, GST portal), the store, the job runner, the sales inquiry's
 * captcha and CRM carriers, and API-key authentication. Nothing here loads the sandbox.
 *
 * @example
 * import { basicAuth, generateApiKey, type IrpProvider } from 'gstkit/ports';
 * @module
 */
export * from './company.js';
export * from './result.js';
export * from './irp.js';
export * from './ewaybill.js';
export * from './ewaybill-movement.js';
export * from './registry.js';
export * from './jobs.js';
export * from './inquiry.js';
export * from './store.js';
export * from './ratelimit.js';
export * from './audit.js';
export * from './portal-sessions.js';
export * from './events.js';
export {
  basicAuth,
  parseApiKeys,
  generateApiKey,
  secretDigest,
  storedKeyAuth,
  type ApiKey,
  type BasicAuthOptions,
  type CompanyGstins,
  type ApiKeyLookup,
} from './auth.js';
export { revokedKeyIds, REVOCATION_MAX_AGE_MS, type RevokedKeyIds, type RevokedKeySource } from './revoked-keys.js';
export type { GstPortal, LiveGstPortal, GstPortalConnection, ImsSection, ImsActionRequest, Gstr1FileRequest } from './gst-portal.js';
export { gstrCodes, GstrCode, imsSections, isLiveGstPortal } from './gst-portal.js';
export type { ReturnStore, StoredReturn } from './returns.js';
