/**
 * The `data` of NIC's calls under a session key (the SEK, or an e-waybill answer's `rek`), as NIC's
 * published sample functions make and read it (docs/connectors.md, "Protocol").
 *
 * NIC's tables write a request's data as `Encrypt(Base64(JSON), sek)`, but the sample
 * `EncryptBySymmetricKey(text, sek)` they go with base64-decodes `text` before AES, and the sample
 * `DecryptBySymmetricKey` answers the base64 of what AES gives back. So the AES plaintext, both ways
 * and on both portals, is the JSON's UTF-8 bytes; the base64 in the tables is the samples' calling
 * convention, not a layer on the wire. That is what is sent. Answers are read tolerantly (JSON, or
 * base64 of JSON), because some pages and clients describe the other form.
 * @module
 */
import { aesDecrypt, aesEncrypt } from './crypto.js';

/** AES-256-ECB of the value's JSON bytes under `key`, base64 out: a request's `data` or `Data`. */
export function encryptJson(key: Buffer, value: unknown): string {
  return aesEncrypt(key, Buffer.from(JSON.stringify(value), 'utf8'));
}

/**
 * Reads a decrypted payload as JSON: the JSON itself first (what NIC's samples yield), then base64 of
 * JSON (a literal reading of the tables). Stray trailing control characters, seen in some clients'
 * notes, are trimmed. Throws when it is neither.
 */
export function readJsonPayload(plain: Buffer): unknown {
  const text = plain
    .toString('utf8')
    .replace(/[\u0000-\u001f]+$/u, '')
    .trim();
  try {
    return JSON.parse(text);
  } catch {
    if (!/^[A-Za-z0-9+/=\s]+$/.test(text)) throw new Error('the decrypted payload is neither JSON nor base64 JSON');
    return JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  }
}

/** Decrypts a base64 `data` under `key` and reads it with {@link readJsonPayload}; throws on failure. */
export function decryptJson(key: Buffer, base64: string): unknown {
  return readJsonPayload(aesDecrypt(key, base64));
}
