/**
 * HTTP Basic authentication with API keys: the reference server's `authenticate` hook.
 * @module
 */
import { sha256Hex, toHex } from '../platform/sha256.js';
import type { AuthResult, Authenticate, Company } from './company.js';
import type { RevokedKeyIds } from './revoked-keys.js';

export interface ApiKey {
  keyId: string;
  keySecret: string;
  companyId: string;
}

/** Reads `keyId:keySecret:companyId` entries separated by commas (GSTKIT_API_KEYS). */
export function parseApiKeys(text: string): ApiKey[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [keyId, keySecret, companyId] = entry.split(':');
      if (!keyId || !keySecret || !companyId) throw new Error(`API key entry "${entry.split(':')[0]}:..." must be keyId:keySecret:companyId`);
      return { keyId, keySecret, companyId };
    });
}

/** `n` bytes from the runtime's cryptographic random source (Web Crypto, which every runtime gstkit runs on has). */
const randomBytes = (n: number): Uint8Array => globalThis.crypto.getRandomValues(new Uint8Array(n));

/** Bytes in base64url without padding (RFC 4648 section 5). */
function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A fresh random key for a company. */
export function generateApiKey(companyId: string): ApiKey {
  return { keyId: 'k' + toHex(randomBytes(6)), keySecret: base64Url(randomBytes(18)), companyId };
}

const utf8 = new TextEncoder();

/** The UTF-8 text that base64 `text` encodes; undefined when it is not base64 (`=` inside, a length that cannot be). */
function base64Text(text: string): string | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** Whether two texts are equal, in a time that depends on their length only, not on where they first differ. */
function same(a: string, b: string): boolean {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  if (x.length !== y.length) return false;
  let differ = 0;
  for (let i = 0; i < x.length; i++) differ |= (x[i] as number) ^ (y[i] as number);
  return differ === 0;
}

/** A company's GSTINs, or its GSTINs with its turnover (`aato`, rupees) for the turnover-bound rules. */
export type CompanyGstins = readonly string[] | { gstins: readonly string[]; aato?: number };

/** The company a key names, or undefined when `companies` does not configure it (the key is then refused). */
function companyOf(id: string, companies: ReadonlyMap<string, CompanyGstins>): Company | undefined {
  const entry = companies.get(id);
  if (entry === undefined) return undefined;
  if (isGstinList(entry)) return { id, gstins: entry };
  return { id, gstins: entry.gstins, ...(entry.aato !== undefined ? { aato: entry.aato } : {}) };
}

function isGstinList(entry: CompanyGstins): entry is readonly string[] {
  return Array.isArray(entry);
}

const refused = { ok: false, status: 401, message: 'unknown API key or wrong secret' } as const;
const revoked = { ok: false, status: 401, message: 'this API key is revoked' } as const;
const companyGone = { ok: false, status: 401, message: "this API key's company is not configured" } as const;

/** The key id and secret of an HTTP Basic `Authorization` header, or the refusal to answer. */
function basicCredentials(request: Request): { keyId: string; secret: string } | AuthResult {
  const header = request.headers.get('authorization') ?? '';
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return { ok: false, status: 401, message: 'HTTP Basic credentials are required' };
  const decoded = base64Text(m[1] ?? '');
  if (decoded === undefined) return refused;
  const colon = decoded.indexOf(':');
  if (colon < 0) return refused;
  return { keyId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export interface BasicAuthOptions {
  /**
   * The revoked key ids (see `revokedKeyIds` over a store): a revoked key is refused even though `keys`
   * names it, so a revocation reaches servers that have not been restarted yet.
   */
  revoked?: RevokedKeyIds;
}

/**
 * Builds an `authenticate` hook: HTTP Basic with `keyId:keySecret`. `keys` are the whole truth: no other key
 * is accepted, nor a key whose company `companies` does not configure (it gets the company's GSTINs).
 */
export function basicAuth(keys: readonly ApiKey[], companies: ReadonlyMap<string, CompanyGstins>, options: BasicAuthOptions = {}): Authenticate {
  const byId = new Map(keys.map((k) => [k.keyId, k]));
  const check = (credentials: { keyId: string; secret: string }): AuthResult => {
    const key = byId.get(credentials.keyId);
    if (!key || !same(credentials.secret, key.keySecret)) return refused;
    const company = companyOf(key.companyId, companies);
    return company ? { ok: true, company, keyId: key.keyId } : companyGone;
  };
  const { revoked: revokedIds } = options;
  const authenticate: Authenticate = revokedIds
    ? async (request) => {
        const credentials = basicCredentials(request);
        if (!('secret' in credentials)) return credentials;
        const outcome = check(credentials);
        // Only a key that would be accepted asks for the revocations: refusals cost no store read.
        if (outcome.ok && (await revokedIds()).has(credentials.keyId)) return revoked;
        return outcome;
      }
    : (request) => {
        const credentials = basicCredentials(request);
        return 'secret' in credentials ? check(credentials) : credentials;
      };
  return Object.assign(authenticate, { headersOnly: true });
}

/** SHA-256 of a key secret in hex: what a store keeps instead of the secret. */
export function secretDigest(secret: string): string {
  return sha256Hex(secret);
}

/** Where {@link storedKeyAuth} looks keys up: the host's own key table. */
export interface ApiKeyLookup {
  getApiKey(keyId: string): Promise<{ keyId: string; companyId: string; secretSha256: string } | undefined>;
}

/**
 * An `authenticate` hook over keys a host keeps in its own database (as SHA-256 digests). Found keys are
 * remembered for `cacheMs` (default 30 s): a key deleted from the database is refused at most that much later.
 * A key whose company `companies` does not configure is refused.
 */
export function storedKeyAuth(keys: ApiKeyLookup, companies: ReadonlyMap<string, CompanyGstins>, cacheMs = 30_000): Authenticate {
  const cache = new Map<string, { row: { companyId: string; secretSha256: string }; until: number }>();
  const authenticate: Authenticate = async (request) => {
    const credentials = basicCredentials(request);
    if (!('secret' in credentials)) return credentials;
    const { keyId, secret } = credentials;
    // No key id holds a NUL, and the store could not even compare one: refuse before asking it.
    if (keyId.includes('\u0000')) return refused;
    let hit = cache.get(keyId);
    if (!hit || hit.until < Date.now()) {
      const row = await keys.getApiKey(keyId);
      hit = row ? { row, until: Date.now() + cacheMs } : undefined;
      if (hit) cache.set(keyId, hit);
      else cache.delete(keyId);
    }
    if (!hit || !same(secretDigest(secret), hit.row.secretSha256)) return refused;
    const company = companyOf(hit.row.companyId, companies);
    return company ? { ok: true, company, keyId } : companyGone;
  };
  return Object.assign(authenticate, { headersOnly: true });
}
