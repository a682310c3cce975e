/**
 * The live GST portal `gstkit serve` (and `gstkit worker`) use with `GSTKIT_GST_PORTAL=gstn`, built from
 * the environment: GSTN_URL, GSTN_CLIENT_ID, GSTN_CLIENT_SECRET, GSTN_PUBLIC_KEY_FILE (a PEM public key
 * or certificate) and optionally GSTN_IP_USR (default: this machine's first public IPv4 address). A wrong
 * setting is named in the message, never its secret value. Sessions are given afterwards
 * (`withSessions`): the store's, sealed under GSTKIT_SESSION_KEY, as the NIC connectors' are.
 * @module
 */
import { readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import type { PortalSessions } from '../../ports/portal-sessions.js';
import { GstnConfigError } from './codes.js';
import { createGstnPortal } from './index.js';
import type { GstnPortalOptions } from './options.js';
import type { GstnPortal } from './port.js';

type Env = Record<string, string | undefined>;

/** The environment variable that selects the GST portal: `sandbox` (default) or `gstn`. */
export const GST_PORTAL_ENV = 'GSTKIT_GST_PORTAL';

export interface GstnServePortal {
  portal: GstnPortal;
  /** GSTN_URL fit to print (no user or password in it). */
  url: string;
  /** The same connector, keeping its sessions in `sessions` (by default this process's memory). */
  withSessions(sessions: PortalSessions): GstnServePortal;
}

/** GSTKIT_GST_PORTAL: `sandbox` or `gstn`, or a message naming it. */
export function gstPortalChoice(env: Env): { ok: true; value: 'sandbox' | 'gstn' } | { ok: false; message: string } {
  const value = (env[GST_PORTAL_ENV] ?? '').trim().toLowerCase() || 'sandbox';
  return value === 'sandbox' || value === 'gstn'
    ? { ok: true, value }
    : { ok: false, message: `${GST_PORTAL_ENV} must be sandbox or gstn, not ${JSON.stringify(env[GST_PORTAL_ENV])}` };
}

/** This machine's first IPv4 address that is not its own loopback, else 127.0.0.1 (GSTN wants the end user's IP). */
function machineAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** The connector's options from the environment, each problem naming its variable. */
export function readGstnSettings(env: Env): { ok: true; value: GstnPortalOptions } | { ok: false; message: string } {
  const required = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const url = required('GSTN_URL');
  if (!url) return { ok: false, message: "GSTN_URL is not set (the GSP's base URL for GSTN's taxpayer API)" };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: 'GSTN_URL is not an absolute URL' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ok: false, message: 'GSTN_URL must be an http or https URL' };
  const clientId = required('GSTN_CLIENT_ID');
  if (!clientId) return { ok: false, message: 'GSTN_CLIENT_ID is not set (the GSP client id)' };
  const clientSecret = required('GSTN_CLIENT_SECRET');
  if (!clientSecret) return { ok: false, message: 'GSTN_CLIENT_SECRET is not set (the GSP client secret)' };
  const keyFile = required('GSTN_PUBLIC_KEY_FILE');
  if (!keyFile) return { ok: false, message: "GSTN_PUBLIC_KEY_FILE is not set (a file holding GSTN's public key or certificate, PEM)" };
  let publicKeyPem: string;
  try {
    publicKeyPem = readFileSync(keyFile, 'utf8');
  } catch (e) {
    return { ok: false, message: `GSTN_PUBLIC_KEY_FILE: cannot read ${keyFile} (${(e as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  const ipUsr = required('GSTN_IP_USR') ?? machineAddress();
  if (!IPV4.test(ipUsr) && !ipUsr.includes(':')) return { ok: false, message: `GSTN_IP_USR must be an IP address, not ${JSON.stringify(ipUsr)}` };
  return { ok: true, value: { baseUrl: url, clientId, clientSecret, publicKeyPem, ipUsr } };
}

/** Which variable a refusal of the connector's own checks is about. */
function variableOf(message: string): string {
  if (/public key/i.test(message)) return 'GSTN_PUBLIC_KEY_FILE';
  if (/base URL/i.test(message)) return 'GSTN_URL';
  if (/client/i.test(message)) return 'GSTN_CLIENT_ID / GSTN_CLIENT_SECRET';
  if (/ip-usr|IP/.test(message)) return 'GSTN_IP_USR';
  return 'GSTN_*';
}

function printable(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString();
}

/** The live GST portal of the environment's settings, or a message naming the wrong setting. */
export function gstnPortalFromEnv(env: Env, extra: Partial<GstnPortalOptions> = {}): { ok: true; value: GstnServePortal } | { ok: false; message: string } {
  const settings = readGstnSettings(env);
  if (!settings.ok) return settings;
  const make = (sessions?: PortalSessions): GstnServePortal => ({
    portal: createGstnPortal({ ...settings.value, ...extra, ...(sessions ? { sessions } : {}) }),
    url: printable(settings.value.baseUrl),
    withSessions: (next) => make(next),
  });
  try {
    return { ok: true, value: make() };
  } catch (e) {
    if (e instanceof GstnConfigError) return { ok: false, message: `${variableOf(e.message)}: ${e.code} ${e.message}` };
    throw e;
  }
}
