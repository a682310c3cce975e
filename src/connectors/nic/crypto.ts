/**
 * The cryptography of NIC's e-invoice and e-waybill APIs (docs/connectors.md, "Protocol"):
 * the login payload is RSA-encrypted with NIC's public key (PKCS#1 v1.5), the session key (SEK)
 * comes back AES-256-ECB-encrypted under the client's AppKey, and every later payload is
 * AES-256-ECB (PKCS#7 padding) under the SEK, carried as base64 (what goes under the SEK:
 * symmetric-payload.ts).
 * @module
 */
import { constants, createCipheriv, createDecipheriv, createPublicKey, publicEncrypt, randomBytes, type KeyObject } from 'node:crypto';

/** A fresh AppKey: 32 random bytes (sent base64, 44 characters; used raw as the AES-256 key). */
export function newAppKey(): Buffer {
  return randomBytes(32);
}

/** Reads NIC's public key from PEM (a `PUBLIC KEY` block or a certificate); throws on anything else. */
export function readPublicKey(pem: string | Buffer): KeyObject {
  return createPublicKey(pem);
}

/** RSA PKCS#1 v1.5 encryption with NIC's public key, base64 out. */
export function rsaEncrypt(key: KeyObject, plain: Buffer): string {
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, plain).toString('base64');
}

/** The largest payload one RSA PKCS#1 v1.5 block carries with this key. */
export function rsaCapacity(key: KeyObject): number {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 2048;
  return Math.floor(bits / 8) - 11;
}

/** AES-256-ECB with PKCS#7 padding, base64 out. */
export function aesEncrypt(key: Buffer, plain: Buffer): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

/** Inverse of {@link aesEncrypt}; throws when the key is wrong (bad padding) or the text is not base64 AES. */
export function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
}

/**
 * Base64 of a value's JSON: the login payload, which both portals RSA-encrypt as this base64 text
 * (their samples pass the text's bytes to the RSA function, unlike the AES one).
 */
export function base64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}
