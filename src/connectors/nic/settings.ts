/**
 * The NIC connectors' settings from the environment, as `gstkit serve` reads them with
 * `GSTKIT_PROVIDER=nic`. Secrets (client secret, passwords) are read, never echoed: messages name
 * the setting, not its value.
 * @module
 */
import { readFileSync } from 'node:fs';
import type { NicEinvoiceOptions } from './einvoice.js';
import type { NicEwbOptions } from './ewaybill.js';
import { isValidGstin } from '../../masters/gstin.js';
import type { NicCredentials } from './options.js';

export interface NicSettings {
  einvoice: NicEinvoiceOptions;
  ewb: NicEwbOptions;
  /** The company's GSTINs: the keys of the credentials file. */
  gstins: string[];
}

type Env = Record<string, string | undefined>;

function readFile(env: Env, name: string): { ok: true; text: string } | { ok: false; message: string } {
  const path = env[name];
  if (!path) return { ok: false, message: `${name} is not set` };
  try {
    return { ok: true, text: readFileSync(path, 'utf8') };
  } catch (e) {
    return { ok: false, message: `${name}: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? 'error'})` };
  }
}

/** Reads `{"<GSTIN>": {"username": "...", "password": "..."}}`. */
export function parseCredentials(text: string): { ok: true; value: Record<string, NicCredentials> } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: 'the credentials file is not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, message: 'the credentials file is not a JSON object of GSTINs' };
  const out: Record<string, NicCredentials> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const gstin = key.trim().toUpperCase();
    if (!isValidGstin(gstin)) return { ok: false, message: `the credentials file names ${JSON.stringify(key)}, which is not a valid GSTIN` };
    const v = value as Record<string, unknown> | null;
    if (typeof v !== 'object' || v === null || typeof v['username'] !== 'string' || typeof v['password'] !== 'string' || v['username'] === '') {
      return { ok: false, message: `the credentials of ${gstin} need a "username" and a "password" string` };
    }
    out[gstin] = { username: v['username'], password: v['password'] };
  }
  if (Object.keys(out).length === 0) return { ok: false, message: 'the credentials file names no GSTIN' };
  return { ok: true, value: out };
}

/**
 * NIC_EINVOICE_URL, NIC_EWB_URL, NIC_CLIENT_ID, NIC_CLIENT_SECRET, NIC_PUBLIC_KEY_FILE and
 * NIC_CREDENTIALS_FILE are required. Optional: NIC_EWB_PUBLIC_KEY_FILE (when the e-waybill key
 * differs), NIC_TIMEOUT_MS, NIC_RETRY_ATTEMPTS, NIC_EXTRA_HEADERS (a JSON object of headers, for a GSP).
 */
export function readNicSettings(env: Env): { ok: true; value: NicSettings } | { ok: false; message: string } {
  for (const name of ['NIC_EINVOICE_URL', 'NIC_EWB_URL', 'NIC_CLIENT_ID', 'NIC_CLIENT_SECRET']) {
    if (!env[name]) return { ok: false, message: `${name} is not set` };
  }
  const key = readFile(env, 'NIC_PUBLIC_KEY_FILE');
  if (!key.ok) return key;
  const ewbKey = env['NIC_EWB_PUBLIC_KEY_FILE'] ? readFile(env, 'NIC_EWB_PUBLIC_KEY_FILE') : key;
  if (!ewbKey.ok) return ewbKey;
  const credsFile = readFile(env, 'NIC_CREDENTIALS_FILE');
  if (!credsFile.ok) return credsFile;
  const creds = parseCredentials(credsFile.text);
  if (!creds.ok) return { ok: false, message: `NIC_CREDENTIALS_FILE: ${creds.message}` };
  let extraHeaders: Record<string, string> | undefined;
  if (env['NIC_EXTRA_HEADERS']) {
    try {
      const h = JSON.parse(env['NIC_EXTRA_HEADERS']) as unknown;
      if (typeof h !== 'object' || h === null || Array.isArray(h) || Object.values(h).some((v) => typeof v !== 'string')) throw new Error('shape');
      extraHeaders = h as Record<string, string>;
    } catch {
      return { ok: false, message: 'NIC_EXTRA_HEADERS is not a JSON object of string headers' };
    }
  }
  const numberSetting = (name: string): number | undefined | 'bad' => {
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    return Number.isInteger(n) && n > 0 ? n : 'bad';
  };
  const timeoutMs = numberSetting('NIC_TIMEOUT_MS');
  if (timeoutMs === 'bad') return { ok: false, message: 'NIC_TIMEOUT_MS is not a positive whole number' };
  const attempts = numberSetting('NIC_RETRY_ATTEMPTS');
  if (attempts === 'bad') return { ok: false, message: 'NIC_RETRY_ATTEMPTS is not a positive whole number' };
  const common = {
    clientId: env['NIC_CLIENT_ID']!,
    clientSecret: env['NIC_CLIENT_SECRET']!,
    credentials: creds.value,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(attempts !== undefined ? { retry: { attempts } } : {}),
    ...(extraHeaders ? { extraHeaders } : {}),
  };
  return {
    ok: true,
    value: {
      einvoice: { ...common, baseUrl: env['NIC_EINVOICE_URL']!, publicKeyPem: key.text },
      ewb: { ...common, baseUrl: env['NIC_EWB_URL']!, publicKeyPem: ewbKey.text },
      gstins: Object.keys(creds.value),
    },
  };
}
