/**
 * HTTP Basic authentication with API keys: the reference server's `authenticate` hook.
 * @module
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Authenticate, Company } from './company.js';

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

/** A fresh random key for a company. */
export function generateApiKey(companyId: string): ApiKey {
  return { keyId: 'k' + randomBytes(6).toString('hex'), keySecret: randomBytes(18).toString('base64url'), companyId };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A company's GSTINs, or its GSTINs with its turnover (`aato`, rupees) for the turnover-bound rules. */
export type CompanyGstins = readonly string[] | { gstins: readonly string[]; aato?: number };

function companyOf(id: string, companies: ReadonlyMap<string, CompanyGstins>): Company {
  const entry = companies.get(id);
  if (entry === undefined) return { id, gstins: [] };
  if (isGstinList(entry)) return { id, gstins: entry };
  return { id, gstins: entry.gstins, ...(entry.aato !== undefined ? { aato: entry.aato } : {}) };
}

function isGstinList(entry: CompanyGstins): entry is readonly string[] {
  return Array.isArray(entry);
}

/**
 * Builds an `authenticate` hook: HTTP Basic with `keyId:keySecret`; the key names the company,
 * whose GSTINs come from `companies`.
 */
export function basicAuth(keys: readonly ApiKey[], companies: ReadonlyMap<string, CompanyGstins>): Authenticate {
  const byId = new Map(keys.map((k) => [k.keyId, k]));
  const authenticate: Authenticate = (request) => {
    const header = request.headers.get('authorization') ?? '';
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    if (!m) return { ok: false, status: 401, message: 'HTTP Basic credentials are required' };
    const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const key = byId.get(colon < 0 ? decoded : decoded.slice(0, colon));
    if (!key || colon < 0 || !same(decoded.slice(colon + 1), key.keySecret)) {
      return { ok: false, status: 401, message: 'unknown API key or wrong secret' };
    }
    return { ok: true, company: companyOf(key.companyId, companies), keyId: key.keyId };
  };
  return Object.assign(authenticate, { headersOnly: true });
}

/** SHA-256 of a key secret in hex: what a store keeps instead of the secret. */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Where {@link storedKeyAuth} looks keys up (the store port's API-key methods). */
export interface ApiKeyLookup {
  getApiKey(keyId: string): Promise<{ keyId: string; companyId: string; secretSha256: string } | undefined>;
}

/**
 * An `authenticate` hook over keys kept in a store (as SHA-256 digests), so every server sharing the
 * store accepts the same keys. Found keys are remembered for `cacheMs` (default 30 s).
 */
export function storedKeyAuth(keys: ApiKeyLookup, companies: ReadonlyMap<string, CompanyGstins>, cacheMs = 30_000): Authenticate {
  const cache = new Map<string, { row: { companyId: string; secretSha256: string }; until: number }>();
  const authenticate: Authenticate = async (request) => {
    const header = request.headers.get('authorization') ?? '';
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    if (!m) return { ok: false, status: 401, message: 'HTTP Basic credentials are required' };
    const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { ok: false, status: 401, message: 'unknown API key or wrong secret' };
    const keyId = decoded.slice(0, colon);
    // No key id holds a NUL, and the store could not even compare one: refuse before asking it.
    if (keyId.includes('\u0000')) return { ok: false, status: 401, message: 'unknown API key or wrong secret' };
    let hit = cache.get(keyId);
    if (!hit || hit.until < Date.now()) {
      const row = await keys.getApiKey(keyId);
      hit = row ? { row, until: Date.now() + cacheMs } : undefined;
      if (hit) cache.set(keyId, hit);
    }
    if (!hit || !same(secretDigest(decoded.slice(colon + 1)), hit.row.secretSha256)) {
      return { ok: false, status: 401, message: 'unknown API key or wrong secret' };
    }
    return { ok: true, company: companyOf(hit.row.companyId, companies), keyId };
  };
  return Object.assign(authenticate, { headersOnly: true });
}
