/**
 * API key revocations in the store. Each server's configuration names the keys it accepts; the store holds
 * only revocations, so that one revocation reaches every server without a restart (see revoked-keys.ts).
 * @module
 */

/** A revoked API key id: refused by every server on the store, whatever its configuration says. */
export interface RevokedKeyRow {
  keyId: string;
  /** ISO 8601 */
  revokedAt: string;
}

/** Where API key revocations are kept. */
export interface RevokedKeyStore {
  /** Revokes a key id (again: keeps the first time). */
  revokeApiKey(keyId: string, at: string): Promise<void>;
  /** Lifts a revocation; false when the id was not revoked. */
  restoreApiKey(keyId: string): Promise<boolean>;
  /** Every revocation, by key id. */
  revokedApiKeys(): Promise<RevokedKeyRow[]>;
}
