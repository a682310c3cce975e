/**
 * The cryptography of NIC's e-invoice and e-waybill APIs (docs/connectors.md, "Protocol"):
 * the login payload is RSA-encrypted with NIC's public key (PKCS#1 v1.5), the session key (SEK)
 * comes back AES-256-ECB-encrypted under the client's AppKey, and every later payload is
 * AES-256-ECB (PKCS#7 padding) under the SEK, carried as base64 (what goes under the SEK:
 * symmetric-payload.ts).
 * @module
 */
import type { KeyObject } from 'node:crypto';

export { aesDecrypt, aesEncrypt, newAppKey, readPublicKey, rsaEncrypt } from '../app-key-crypto.js';

/** The largest payload one RSA PKCS#1 v1.5 block carries with this key. */
export function rsaCapacity(key: KeyObject): number {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 2048;
  return Math.floor(bits / 8) - 11;
}

/**
 * Base64 of a value's JSON: the login payload, which both portals RSA-encrypt as this base64 text
 * (their samples pass the text's bytes to the RSA function, unlike the AES one).
 */
export function base64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}
