/**
 * Portal sessions encrypted at rest: a session's token and session key decrypt every payload of its
 * GSTIN, so the store only ever holds them sealed with AES-256-GCM under a 32-byte key the host
 * provides (`GSTKIT_SESSION_KEY`). The row's company, portal, GSTIN and version are bound in as
 * associated data, so a sealed session copied onto another row does not open.
 * @module
 */
import { openText, sealText } from '../sealed-text.js';
import type { PortalSession } from '../../ports/portal-sessions.js';

/** Reads a 32-byte key written as 64 hex digits or as base64 (44 characters with padding). */
export function parseSessionKey(text: string): { ok: true; key: Buffer } | { ok: false; message: string } {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return { ok: true, key: Buffer.from(t, 'hex') };
  if (/^[A-Za-z0-9+/_-]{42,44}={0,2}$/.test(t)) {
    const key = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (key.length === 32) return { ok: true, key };
  }
  return { ok: false, message: 'is not a 32-byte key: give 64 hex digits or 44 base64 characters (for example `openssl rand -base64 32`)' };
}

/**
 * Reads a comma-separated list of keys (each as `parseSessionKey` reads it; blank items are skipped). A bad
 * item is named by its position only, so the message never carries a key.
 */
export function parseSessionKeyList(text: string): { ok: true; keys: Buffer[] } | { ok: false; message: string } {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const keys: Buffer[] = [];
  for (const [i, item] of items.entries()) {
    const parsed = parseSessionKey(item);
    if (!parsed.ok) return { ok: false, message: `item ${i + 1} of ${items.length} ${parsed.message}` };
    keys.push(parsed.key);
  }
  return { ok: true, keys };
}

/** The text that binds a sealed session to its row. */
export type SealContext = readonly [companyId: string, portal: string, gstin: string, version: string];

export function sealSession(key: Buffer, context: SealContext, session: PortalSession): string {
  return sealText(key, context, JSON.stringify({ expiresAt: session.expiresAt, secrets: session.secrets }));
}

/** The session sealed in `text`, or undefined when it was sealed under another key, for another row, or is not a sealed session at all. */
export function openSession(key: Buffer, context: SealContext, text: string): PortalSession | undefined {
  const plain = openText(key, context, text);
  if (plain === undefined) return undefined;
  try {
    const value = JSON.parse(plain) as { expiresAt?: unknown; secrets?: unknown };
    if (typeof value.expiresAt !== 'number' || typeof value.secrets !== 'object' || value.secrets === null) return undefined;
    const secrets: Record<string, string> = Object.fromEntries(Object.entries(value.secrets).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return { expiresAt: value.expiresAt, secrets };
  } catch {
    return undefined;
  }
}
