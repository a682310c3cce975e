/**
 * Live connectors to NIC's e-invoice (IRP) and e-waybill APIs, behind gstkit's provider ports, so
 * that `createGstHandler` serves the same routes against the real portals.
 *
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { createGstHandler } from 'gstkit/http';
 * import { createMemoryJobRunner } from 'gstkit/sandbox';
 * import { createNicIrpProvider, createNicEwbProvider } from 'gstkit/connectors/nic';
 *
 * const common = {
 *   clientId: process.env.NIC_CLIENT_ID!,
 *   clientSecret: process.env.NIC_CLIENT_SECRET!,
 *   credentials: { '29AAGCK4821M1Z4': { username: 'api_user', password: 'secret' } },
 * };
 * const irp = createNicIrpProvider({ ...common, baseUrl: 'https://einv-apisandbox.nic.in', publicKeyPem: readFileSync('einv_sandbox.pem') });
 * const ewb = createNicEwbProvider({ ...common, baseUrl: 'https://ewb-apisandbox.nic.in', publicKeyPem: readFileSync('ewb_sandbox.pem') });
 * ```
 * @module
 */
export { createNicIrpProvider, nicEinvoicePaths, type NicEinvoiceOptions, type NicIrpProvider, type EinvoicePaths } from './einvoice.js';
export { createNicEwbProvider, nicEwbPaths, type NicEwbOptions, type NicEwbProvider, type EwbPaths } from './ewaybill.js';
export { connectorCodes, ConnectorConfigError } from './codes.js';
export type { NicConnectorOptions, NicCredentials, CredentialSource } from './options.js';
export type { RetryPolicy, WireOptions } from './wire.js';
export { createNicRegistry, gstinInfoFromMaster } from './registry.js';
export { readNicSettings, type NicSettings } from './settings.js';
export { storedPortalSessions, type StoredPortalSessionsOptions, type PortalSessionStore } from './stored-sessions.js';
export { processPortalSessions } from './process-sessions.js';
export { parseSessionKey, parseSessionKeyList } from './session-seal.js';
export type { PortalSessions, PortalSession, CurrentSession, PortalName } from '../../ports/portal-sessions.js';
