/**
 * The portal-sessions port: where the live connectors keep their logins to a government portal (the
 * auth token and session key of one GSTIN), so that every server behind a load balancer uses the same
 * session instead of logging in on its own. The e-waybill portal ends a GSTIN's previous token at
 * every new login, so servers with a session each would knock each other's out in a loop.
 *
 * Two implementations: in process memory (the default: one process, nothing written anywhere), and in
 * the store, encrypted under a key the host provides (src/connectors/nic/stored-sessions.ts).
 * @module
 */

/** The portals a session is for. */
export type PortalName = 'einvoice' | 'ewaybill' | 'gstn' | 'gstn-otp';

/** One login's result, as it is kept. */
export interface PortalSession {
  /** Epoch milliseconds after which the portal no longer accepts it. */
  expiresAt: number;
  /** The session's secrets (auth token, session key, user name), as text: never logged, never answered. */
  secrets: Readonly<Record<string, string>>;
}

/** The session of a (portal, GSTIN) now, with the version that names this one publication of it. */
export interface CurrentSession extends PortalSession {
  version: string;
}

export interface PortalSessions {
  /** `process` when sessions live in this process only; `store` when every server sharing the store sees them. */
  readonly scope: 'process' | 'store';
  /** The session published last for (portal, GSTIN), or undefined when there is none (or it cannot be read). */
  current(portal: PortalName, gstin: string): Promise<CurrentSession | undefined>;
  /** Makes `session` the current one; answers its version. */
  publish(portal: PortalName, gstin: string, session: PortalSession): Promise<string>;
  /** Forgets the current session only if it is still `version` (a newer one published meanwhile stays). */
  drop(portal: PortalName, gstin: string, version: string): Promise<void>;
  /**
   * Takes the right to log in for (portal, GSTIN) until `until` (epoch ms), for `holder`: true when taken
   * (free, run out at `now`, or already `holder`'s), false while another holder has it.
   */
  lease(portal: PortalName, gstin: string, holder: string, now: number, until: number): Promise<boolean>;
  /** Gives the lease back, if `holder` still has it. */
  release(portal: PortalName, gstin: string, holder: string): Promise<void>;
}
