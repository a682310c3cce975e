/**
 * Settings of the GST portal connector, checked once at construction so that a wrong address or key
 * fails at start with a coded error rather than at a taxpayer's first OTP.
 * @module
 */
import type { KeyObject } from 'node:crypto';
import { GstnConfigError } from './codes.js';
import { readPublicKey } from './crypto.js';
import type { GstnSessionStore } from './sessions.js';

/** The clock, injected (tests move it to make tokens lapse). */
export interface Clock {
  now(): Date;
}

/** Retry settings of one call. Delays grow as base × 2^(attempt-1), capped, with up to 50 % jitter. */
export interface RetryPolicy {
  /** Total attempts, the first included. Default 3. */
  attempts?: number;
  /** Default 500 ms. */
  baseDelayMs?: number;
  /** Default 5000 ms. */
  maxDelayMs?: number;
}

/** Where each API lives under the base address (GSTN versions them separately; a GSP may move them). */
export interface GstnPaths {
  authenticate: string;
  /** Common returns actions: FILEDET, RETTRACK, RETSTATUS. */
  returns: string;
  gstr1: string;
  gstr2a: string;
  gstr2b: string;
  gstr3b: string;
  ims: string;
}

export const defaultGstnPaths: GstnPaths = {
  authenticate: '/taxpayerapi/v1.0/authenticate',
  returns: '/taxpayerapi/v1.0/returns',
  gstr1: '/taxpayerapi/v3.0/returns/gstr1',
  gstr2a: '/taxpayerapi/v2.0/returns/gstr2a',
  gstr2b: '/taxpayerapi/v1.0/returns/gstr2b',
  gstr3b: '/taxpayerapi/v1.0/returns/gstr3b',
  ims: '/taxpayerapi/v1.0/returns/ims',
};

/** The large-file (FILEDET) download's limits. */
export interface LargeFileOptions {
  /** How long to wait in all for a file the portal is still preparing (RTN_24) before answering RTN_24. Default 2 minutes. */
  maxWaitMs?: number;
  /** How often to ask again while it is being prepared. Default 20 s. */
  pollMs?: number;
  /** Largest part accepted, as downloaded (tar.gz). Default 512 MiB. */
  maxPartBytes?: number;
  /** Largest part accepted once unpacked. Default 2 GiB. */
  maxUnpackedBytes?: number;
  /** Time limit of one part's download. Default 5 minutes. */
  timeoutMs?: number;
}

export interface GstnPortalOptions {
  /** The GSP's base address for GSTN's taxpayer API (GSTN_URL); the paths are appended. */
  baseUrl: string;
  /** The GSP client credentials (GSTN_CLIENT_ID, GSTN_CLIENT_SECRET), sent as `clientid` and `client-secret`. */
  clientId: string;
  clientSecret: string;
  /** GSTN's public key, PEM: a PUBLIC KEY block or a certificate (GSTN_PUBLIC_KEY_FILE). */
  publicKeyPem: string | Buffer;
  /** The public IP of the end user's system, sent as `ip-usr` (GSTN_IP_USR). */
  ipUsr: string;
  paths?: Partial<GstnPaths>;
  /** Time limit of one call, ms. Default 30 000. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Headers added to every call to the GSP (its own authentication headers, for example). */
  extraHeaders?: Record<string, string>;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
  /**
   * Where sessions (token and session key per GSTIN) are kept. Default: this process only. Give the
   * `storedPortalSessions` of the NIC connectors (a store and a key) to share one session per GSTIN
   * between every server on one database.
   */
  sessions?: GstnSessionStore;
  clock?: Clock;
  /** Refresh a token this long before it lapses. Default 15 minutes. */
  renewBeforeMs?: number;
  /** The longest a token is trusted for, whatever `expiry` the portal gives. Default 6 hours. */
  tokenLifetimeMs?: number;
  /** How long an OTP request stays open for `connect`. Default 15 minutes. */
  otpRequestLifetimeMs?: number;
  /** How long one server may hold a GSTIN's refresh lease. Default 2 minutes. */
  leaseMs?: number;
  largeFiles?: LargeFileOptions;
  /** GSTR-2A sections pulled (the lower-case answer keys follow). Default B2B, B2BA, CDN, CDNA, ISD, IMPG, IMPGSEZ. */
  gstr2aSections?: readonly string[];
}

export interface Prepared {
  baseUrl: string;
  origin: string;
  publicKey: KeyObject;
  paths: GstnPaths;
}

/** Checks the settings; throws {@link GstnConfigError} (coded, naming no secret) when they are unusable. */
export function prepare(options: GstnPortalOptions): Prepared {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new GstnConfigError(`GST portal: the base URL ${JSON.stringify(options.baseUrl)} is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new GstnConfigError('GST portal: the base URL must be http or https');
  if (!options.clientId || !options.clientSecret) throw new GstnConfigError('GST portal: the GSP client id and client secret are required');
  if (!options.ipUsr) throw new GstnConfigError('GST portal: the end user IP (ip-usr) is required');
  let publicKey: KeyObject;
  try {
    publicKey = readPublicKey(options.publicKeyPem);
  } catch {
    throw new GstnConfigError('GST portal: the GSTN public key is not a PEM public key or certificate');
  }
  if (publicKey.asymmetricKeyType !== 'rsa') throw new GstnConfigError('GST portal: the GSTN public key is not an RSA key');
  return { baseUrl: url.toString().replace(/\/+$/, ''), origin: url.origin, publicKey, paths: { ...defaultGstnPaths, ...(options.paths ?? {}) } };
}

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** `YYYY-MM` as the portal's `MMYYYY`, or undefined. */
export function portalPeriod(period: string): string | undefined {
  const m = PERIOD.exec(period);
  return m ? `${m[2]}${m[1]}` : undefined;
}

const GSTIN = /^[0-9]{2}[0-9A-Z]{13}$/;

export function validGstin(gstin: string): boolean {
  return GSTIN.test(gstin);
}
