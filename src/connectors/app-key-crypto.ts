/**
 * The cryptography NIC's portals and GSTN's taxpayer API share: a client's random 32-byte app key travels
 * RSA-encrypted (PKCS#1 v1.5) under the portal's public key, and the keys and payloads after it are
 * AES-256-ECB with PKCS#7 padding, carried as base64. Each connector adds its own layers on top
 * (`nic/crypto.ts`, `gstn/crypto.ts`).
 * @module
 */
import { constants, createCipheriv, createDecipheriv, createPublicKey, publicEncrypt, randomBytes, type KeyObject } from 'node:crypto';

/** A fresh app key: 32 random bytes (sent base64, 44 characters; used raw as the AES-256 key). */
export function newAppKey(): Buffer {
  return randomBytes(32);
}

/** A portal's public key from PEM (a `PUBLIC KEY` block or a certificate); throws on anything else. */
export function readPublicKey(pem: string | Buffer): KeyObject {
  return createPublicKey(pem);
}

/** RSA PKCS#1 v1.5 encryption with the portal's public key, base64 out. */
export function rsaEncrypt(key: KeyObject, plain: Buffer): string {
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, plain).toString('base64');
}

/** AES-256-ECB with PKCS#7 padding, base64 out. */
export function aesEncrypt(key: Buffer, plain: Buffer): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

/** Inverse of {@link aesEncrypt} on raw bytes; throws when the key is wrong (bad padding). */
export function aesDecryptBytes(key: Buffer, cipherText: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(cipherText), decipher.final()]);
}

/** Inverse of {@link aesEncrypt}; throws when the key is wrong (bad padding) or the text is not base64 AES. */
export function aesDecrypt(key: Buffer, base64: string): Buffer {
  return aesDecryptBytes(key, Buffer.from(base64, 'base64'));
}
