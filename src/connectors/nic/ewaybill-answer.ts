/**
 * The data of a successful e-waybill answer, decrypted and checked.
 *
 * POST answers are `{status: "1", data}` with the data under the session key. NIC's GET answers add
 * `rek`, a key of their own under the session key, with `data` under the rek and `hmac`, an
 * HMAC-SHA256 keyed with the rek. NIC's page says the HMAC is "of Base64 data"; what exactly was
 * base64-encoded is not said, so every reading is accepted: the base64 of the decrypted JSON (the
 * literal one), the decrypted bytes themselves, the transmitted `data` text, and, when the decrypted
 * text is itself base64 (the tables' literal form of the data), the bytes it encodes. An HMAC that
 * matches none of them is refused. Sources: docs/connectors.md.
 * @module
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderResult } from '../../ports/index.js';
import { connectorCodes } from './codes.js';
import { aesDecrypt } from './crypto.js';
import { connectorRefusal } from './errors.js';
import { readJsonPayload } from './symmetric-payload.js';

/** The answer's JSON value (object or list), given its envelope's `data`, `rek` and `hmac` and the session key. */
export function openEwbData(envelope: { data: string; rek?: unknown; hmac?: unknown }, sek: Buffer): ProviderResult<unknown> {
  let key = sek;
  let plain: Buffer;
  try {
    if (typeof envelope.rek === 'string' && envelope.rek !== '') key = aesDecrypt(sek, envelope.rek);
    plain = aesDecrypt(key, envelope.data);
  } catch {
    return connectorRefusal(connectorCodes.badAnswer, 'the e-waybill portal answered with data that cannot be decrypted with the session key', 502);
  }
  if (typeof envelope.hmac === 'string' && envelope.hmac !== '' && !hmacMatches(envelope.hmac, key, plain, envelope.data)) {
    return connectorRefusal(connectorCodes.badAnswer, 'the e-waybill portal answered with data whose hmac does not match', 502);
  }
  try {
    return { ok: true, value: readJsonPayload(plain) };
  } catch {
    return connectorRefusal(connectorCodes.badAnswer, 'the e-waybill portal answered with data that is neither JSON nor base64 JSON', 502);
  }
}

/** Whether `hmac` (base64) is the HMAC-SHA256 under `key` of any reading of "Base64 data" (see the module comment). */
export function hmacMatches(hmac: string, key: Buffer, plain: Buffer, transmitted: string): boolean {
  const want = Buffer.from(hmac, 'base64');
  // Trimmed too: some clients report stray trailing control characters after the JSON.
  const trimmed = Buffer.from(plain.toString('utf8').replace(/[\u0000-\u001f\s]+$/u, ''), 'utf8');
  const candidates: Buffer[] = [
    plain,
    trimmed,
    Buffer.from(plain.toString('base64')),
    Buffer.from(trimmed.toString('base64')),
    Buffer.from(transmitted, 'utf8'),
  ];
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed.toString('utf8'))) candidates.push(Buffer.from(trimmed.toString('utf8'), 'base64'));
  return candidates.some((c) => {
    const got = createHmac('sha256', key).update(c).digest();
    return got.length === want.length && timingSafeEqual(got, want);
  });
}
