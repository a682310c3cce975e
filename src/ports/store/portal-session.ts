/**
 * Live portals' sessions in the store (see ports/portal-sessions.ts): one sealed session per company,
 * portal and GSTIN, and the login lease that lets one server at a time log in.
 * @module
 */
import type { PortalName } from '../portal-sessions.js';

/** A portal session as the store keeps it: sealed (encrypted) by whoever writes it; the store never reads it. */
export interface PortalSessionRow {
  companyId: string;
  portal: PortalName;
  gstin: string;
  /** Names this publication of the session, for compare-and-delete. */
  version: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  sealed: string;
}

/** Where live portals' sessions and login leases are kept. */
export interface PortalSessionStore {
  /** The current session of a company's (portal, GSTIN), or undefined. */
  getPortalSession(companyId: string, portal: PortalName, gstin: string): Promise<PortalSessionRow | undefined>;
  /** Makes the row the current session of its (company, portal, GSTIN), replacing any other. */
  putPortalSession(row: PortalSessionRow): Promise<void>;
  /** Deletes the current session only while it is still `version`; true when it was deleted. */
  dropPortalSession(companyId: string, portal: PortalName, gstin: string, version: string): Promise<boolean>;
  /**
   * Takes the login lease of a company's (portal, GSTIN) for `holder` until `until` (epoch ms), atomically:
   * true when it was free, ran out by `now`, or is already `holder`'s; false while another holder has it.
   */
  leasePortalLogin(companyId: string, portal: PortalName, gstin: string, holder: string, now: number, until: number): Promise<boolean>;
  /**
   * The current sessions of `portal` (any company) whose expiry is after `after` and at or before `before`
   * (epoch ms), without their sealed part, soonest first: what will need a new login soon.
   */
  portalSessionsEnding(portal: PortalName, after: number, before: number): Promise<Omit<PortalSessionRow, 'sealed'>[]>;
  /** Ends `holder`'s login lease, if it still has it. */
  releasePortalLogin(companyId: string, portal: PortalName, gstin: string, holder: string): Promise<void>;
}
