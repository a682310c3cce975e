/**
 * The cryptography of GSTN's taxpayer API (docs/gstn-connector.md, "Protocol"): a random 32-byte app key
 * travels RSA-encrypted (PKCS#1 v1.5) under GSTN's public key; the OTP and the session key (SEK) travel
 * AES-256-ECB (PKCS#7) under the app key; every answer's key (REK) comes under the SEK, the answer's data
 * under the REK, with an HMAC-SHA256 under the REK.
 *
 * Where published sources disagree on a layer (is a decrypted key 32 raw bytes or their base64? is the
 * decrypted data base64 of JSON or JSON?), the readers here accept every documented form; the writers
 * send the best-evidenced one.
 * @module
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { aesDecrypt, aesEncrypt } from '../app-key-crypto.js';

export { aesDecrypt, aesDecryptBytes, aesEncrypt, newAppKey, readPublicKey, rsaEncrypt } from '../app-key-crypto.js';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** True when `text` is canonical base64 (what decodes and encodes back to itself). */
export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64.test(text) && Buffer.from(text, 'base64').toString('base64') === text;
}

/**
 * A 32-byte key out of a decrypted key field: the raw 32 bytes (what GSTN's samples yield), or the
 * base64 text of 32 bytes (how some clients describe it). Throws on anything else.
 */
export function readKey(plain: Buffer): Buffer {
  if (plain.length === 32) return plain;
  const text = plain.toString('latin1').trim();
  if (isBase64(text)) {
    const key = Buffer.from(text, 'base64');
    if (key.length === 32) return key;
  }
  throw new Error('the decrypted key is not 32 bytes');
}

/** Decrypts a key sent under another key (the SEK under the app key, the REK under the SEK). */
export function decryptKey(under: Buffer, base64: string): Buffer {
  return readKey(aesDecrypt(under, base64));
}

/** A request's `data`: AES under the SEK of the base64 of the JSON (GSTN's request tables), with its HMAC under the SEK. */
export function encryptRequestData(sek: Buffer, value: unknown): { data: string; hmac: string } {
  const base64 = Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
  return { data: aesEncrypt(sek, Buffer.from(base64, 'utf8')), hmac: hmacBase64(sek, Buffer.from(base64, 'utf8')) };
}

export function hmacBase64(key: Buffer, content: Buffer): string {
  return createHmac('sha256', key).update(content).digest('base64');
}

/** Compares two base64 MACs without leaking where they differ. */
export function sameMac(a: string, b: string): boolean {
  const x = Buffer.from(a, 'base64');
  const y = Buffer.from(b, 'base64');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function sha256(content: Buffer): Buffer {
  return createHash('sha256').update(content).digest();
}

/**
 * A decrypted payload as JSON: base64 of JSON first (GSTN's answers), then JSON itself (a form some
 * clients describe). Stray trailing control characters are trimmed. Answers the text that was base64
 * (the HMAC's input) with the value. Throws when it is neither form.
 */
export function readPayload(plain: Buffer): { value: unknown; base64?: string } {
  const text = plain
    .toString('utf8')
    .replace(/[\u0000-\u001f]+$/u, '')
    .trim();
  if (isBase64(text)) {
    try {
      return { value: JSON.parse(Buffer.from(text, 'base64').toString('utf8')), base64: text };
    } catch {
      /* base64 characters, but not of JSON: try the text as JSON */
    }
  }
  return { value: JSON.parse(text) };
}
