/**
 * Settings shared by the two NIC connectors.
 * @module
 */
import type { KeyObject } from 'node:crypto';
import { ConnectorConfigError } from './codes.js';
import { readPublicKey } from './crypto.js';
import { portalDateTime } from '../../normalize/portal-datetime.js';
import type { PortalSessions } from '../../ports/portal-sessions.js';
import type { WireOptions } from './wire.js';

/** A taxpayer's API user on the portal. */
export interface NicCredentials {
  username: string;
  password: string;
}

/** Credentials by GSTIN: a table, or a function (a secrets store, for example). */
export type CredentialSource = Readonly<Record<string, NicCredentials>> | ((gstin: string) => NicCredentials | undefined | Promise<NicCredentials | undefined>);

export interface NicConnectorOptions extends WireOptions {
  /**
   * Base address; NIC's documented paths are appended (`/eivital/v1.04/auth`, ...). NIC sandbox,
   * NIC production, another IRP, or a GSP's base URL (with its headers in `extraHeaders`).
   */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The portal's public key (PEM: a PUBLIC KEY block or a certificate) used to encrypt the login. */
  publicKeyPem: string | Buffer;
  credentials: CredentialSource;
  /** Renew a session this long before it expires. Default 5 minutes. */
  renewBeforeMs?: number;
  /**
   * Where the portal sessions (token and session key per GSTIN) are kept. Default: this process only.
   * Servers sharing one `storedPortalSessions` (a store and a key) log in once per GSTIN between them.
   */
  sessions?: PortalSessions;
  /** How long one login may hold a GSTIN's login lease before another server may try. Default: the time the login's attempts can take, plus 10 s. */
  loginLeaseMs?: number;
  /** How often a server waiting for another's login looks for its session. Default 200 ms. */
  sessionPollMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/** The token cache's share of the options: where sessions live, and how long a login may hold its lease. */
export function sessionOptions(options: NicConnectorOptions): { sessions?: PortalSessions; renewBeforeMs?: number; leaseMs: number; pollMs?: number } {
  const attempts = Math.max(1, options.retry?.attempts ?? 4);
  const leaseMs = options.loginLeaseMs ?? attempts * (options.timeoutMs ?? 30_000) + 10_000;
  return {
    leaseMs,
    ...(options.sessions ? { sessions: options.sessions } : {}),
    ...(options.renewBeforeMs !== undefined ? { renewBeforeMs: options.renewBeforeMs } : {}),
    ...(options.sessionPollMs !== undefined ? { pollMs: options.sessionPollMs } : {}),
  };
}

export interface Prepared {
  baseUrl: string;
  publicKey: KeyObject;
  credentials: (gstin: string) => Promise<NicCredentials | undefined>;
}

/** Checks the settings once, so that a wrong key or address fails at start, with a coded error. */
export function prepare(options: NicConnectorOptions, what: string): Prepared {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new ConnectorConfigError(`${what}: the base URL ${JSON.stringify(options.baseUrl)} is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConnectorConfigError(`${what}: the base URL must be http or https`);
  if (!options.clientId || !options.clientSecret) throw new ConnectorConfigError(`${what}: the client id and client secret are required`);
  let publicKey: KeyObject;
  try {
    publicKey = readPublicKey(options.publicKeyPem);
  } catch {
    throw new ConnectorConfigError(`${what}: the public key is not a PEM public key or certificate`);
  }
  if (publicKey.asymmetricKeyType !== 'rsa') throw new ConnectorConfigError(`${what}: the public key is not an RSA key`);
  const source = options.credentials;
  const credentials =
    typeof source === 'function' ? async (gstin: string) => source(gstin) : async (gstin: string) => (Object.hasOwn(source, gstin) ? source[gstin] : undefined);
  return { baseUrl: url.toString().replace(/\/+$/, ''), publicKey, credentials };
}

/** `yyyy-MM-dd HH:mm:ss` (IST) as epoch ms, or undefined. */
export function istIsoToEpoch(text: unknown): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(String(text ?? ''));
  if (!m) return undefined;
  const t = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+05:30`);
  return Number.isNaN(t) ? undefined : t;
}

/** The IRP's `yyyy-MM-dd HH:mm:ss` as `DD/MM/YYYY HH:MM:SS`: the same reading as {@link ewbTimeToWire}. */
export function isoToWire(text: unknown): string {
  return ewbTimeToWire(text);
}

/**
 * A portal answer's date-time (the e-waybill portal's `dd/MM/yyyy hh:mm:ss AM|PM`, the IRP's
 * `yyyy-MM-dd HH:mm:ss`, and the other forms NIC's pages write) as `DD/MM/YYYY HH:MM:SS`, read as the
 * response kinds read it (normalize/portal-datetime.ts); anything else unchanged.
 */
export function ewbTimeToWire(text: unknown): string {
  const s = String(text ?? '').trim();
  return portalDateTime(s) ?? s;
}

/** IST `DD/MM/YYYY HH:MM:SS` of an instant. */
export function istWire(epochMs: number): string {
  const d = new Date(epochMs + 330 * 60_000);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
