/**
 * HTTP Basic authentication with API keys: the reference server's `authenticate` hook.
 * @module
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
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

/**
 * Builds an `authenticate` hook: HTTP Basic with `keyId:keySecret`; the key names the company,
 * whose GSTINs come from `companies`.
 */
export function basicAuth(keys: readonly ApiKey[], companies: ReadonlyMap<string, readonly string[]>): Authenticate {
  const byId = new Map(keys.map((k) => [k.keyId, k]));
  return (request) => {
    const header = request.headers.get('authorization') ?? '';
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    if (!m) return { ok: false, status: 401, message: 'HTTP Basic credentials are required' };
    const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const key = byId.get(colon < 0 ? decoded : decoded.slice(0, colon));
    if (!key || colon < 0 || !same(decoded.slice(colon + 1), key.keySecret)) {
      return { ok: false, status: 401, message: 'unknown API key or wrong secret' };
    }
    const company: Company = { id: key.companyId, gstins: companies.get(key.companyId) ?? [] };
    return { ok: true, company };
  };
}
