/**
 * The fake portal's cryptography, written as NIC's published sample functions behave rather than as
 * the connector assumes, so that the fake and a wrong client cannot agree by sharing a mistake.
 *
 * - `encryptBySymmetricKey(text, key)`, as NIC's sample: `text` is base64, decoded before AES; the
 *   AES plaintext is the bytes it encodes. NIC's tables write the result `Encrypt(Base64(JSON), key)`.
 * - `decryptBySymmetricKey(data, key)`, as NIC's sample: answers the base64 of the AES plaintext.
 * - The login's `Data` is RSA (PKCS#1 v1.5) of the base64 text of the credentials JSON; the portal
 *   decodes that base64 strictly, as Java's and .NET's decoders do.
 * @module
 */
import { constants, createCipheriv, createDecipheriv, privateDecrypt, type KeyObject } from 'node:crypto';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Strict base64 decoding: throws on anything a strict decoder refuses (Node's own decoder skips bad characters). */
export function strictBase64(text: string): Buffer {
  if (!BASE64.test(text)) throw new Error('not base64');
  return Buffer.from(text, 'base64');
}

/** NIC's sample EncryptBySymmetricKey: AES-256-ECB/PKCS#7 of the bytes `base64Text` encodes, base64 out. */
export function encryptBySymmetricKey(base64Text: string, key: Buffer): string {
  const cipher = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([cipher.update(strictBase64(base64Text)), cipher.final()]).toString('base64');
}

/** NIC's sample DecryptBySymmetricKey: the base64 of the AES-256-ECB/PKCS#7 plaintext; throws on a wrong key. */
export function decryptBySymmetricKey(data: string, key: Buffer): string {
  const decipher = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([decipher.update(strictBase64(data)), decipher.final()]).toString('base64');
}

/** The portal's encryption of a JSON answer: the sample function called on the base64 of the JSON. */
export function encryptJsonAnswer(value: unknown, key: Buffer): string {
  return encryptBySymmetricKey(Buffer.from(JSON.stringify(value), 'utf8').toString('base64'), key);
}

/** The outcome of reading a request's encrypted data the way the portal does. */
export type ReadData = { ok: true; value: unknown } | { ok: false; reason: 'undecryptable' | 'not-json' };

/** The portal's reading of a request's data: decrypt with the sample function, decode its base64, parse the bytes as JSON. */
export function readJsonRequest(data: unknown, key: Buffer): ReadData {
  let plain: Buffer;
  try {
    plain = Buffer.from(decryptBySymmetricKey(String(data ?? ''), key), 'base64');
  } catch {
    return { ok: false, reason: 'undecryptable' };
  }
  try {
    return { ok: true, value: JSON.parse(plain.toString('utf8')) };
  } catch {
    return { ok: false, reason: 'not-json' };
  }
}

/** RSA PKCS#1 v1.5 decryption done by hand (Node refuses the padding for private decryption, CVE-2023-46809). */
export function rsaPkcs1Decrypt(key: KeyObject, b64: string): Buffer {
  const block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, strictBase64(b64));
  if (block[0] !== 0 || block[1] !== 2) throw new Error('bad padding');
  const sep = block.indexOf(0, 2);
  if (sep < 10) throw new Error('bad padding');
  return block.subarray(sep + 1);
}

/** The login's credentials: RSA-decrypt `Data`, decode the base64 text it holds (strictly), parse the JSON. Throws on any step. */
export function readLoginData(key: KeyObject, data: unknown): Record<string, unknown> {
  const base64Text = rsaPkcs1Decrypt(key, String(data ?? '')).toString('utf8');
  const creds: unknown = JSON.parse(strictBase64(base64Text).toString('utf8'));
  if (typeof creds !== 'object' || creds === null || Array.isArray(creds)) throw new Error('not an object');
  return creds as Record<string, unknown>;
}
