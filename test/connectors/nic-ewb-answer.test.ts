/**
 * Reading e-waybill answers where sources differ: the decrypted data as JSON (NIC's sample code) or as
 * base64 of JSON (a literal reading of NIC's tables), under the sek (POST) or under a rek (GET), with
 * the HMAC over any of the readings of "Base64 data"; an HMAC matching none of them is refused.
 */
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openEwbData } from '../../src/connectors/nic/ewaybill-answer.js';
import { decryptJson, encryptJson } from '../../src/connectors/nic/symmetric-payload.js';

const aes = (key: Buffer, plain: Buffer): string => {
  const c = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(plain), c.final()]).toString('base64');
};
const hmac = (key: Buffer, bytes: Buffer): string => createHmac('sha256', key).update(bytes).digest('base64');

const value = { ewayBillNo: 391000000001, ewayBillDate: '14/11/2026 10:15:00 AM', validUpto: null };
const json = Buffer.from(JSON.stringify(value), 'utf8');
const base64Json = Buffer.from(json.toString('base64'), 'utf8');

describe('the session-key payload', () => {
  it('encrypts the JSON bytes themselves', () => {
    const key = randomBytes(32);
    expect(encryptJson(key, value)).toBe(aes(key, json));
  });

  it('reads the JSON and the base64 of the JSON alike, and refuses anything else', () => {
    const key = randomBytes(32);
    expect(decryptJson(key, aes(key, json))).toEqual(value);
    expect(decryptJson(key, aes(key, base64Json))).toEqual(value);
    expect(() => decryptJson(key, aes(key, Buffer.from('not json at all')))).toThrow();
  });
});

describe('an e-waybill answer', () => {
  const sek = randomBytes(32);
  const rek = randomBytes(32);

  it('opens a POST answer under the sek, in either form', () => {
    expect(openEwbData({ data: aes(sek, json) }, sek)).toEqual({ ok: true, value });
    expect(openEwbData({ data: aes(sek, base64Json) }, sek)).toEqual({ ok: true, value });
  });

  it('opens a GET answer under its rek with the HMAC over any reading of "Base64 data"', () => {
    for (const plain of [json, base64Json]) {
      const data = aes(rek, plain);
      for (const signed of [base64Json, json, Buffer.from(data, 'utf8')]) {
        expect(openEwbData({ data, rek: aes(sek, rek), hmac: hmac(rek, signed) }, sek)).toEqual({ ok: true, value });
      }
    }
  });

  it('refuses an HMAC that matches no reading, and data the keys do not open', () => {
    const data = aes(rek, json);
    const forged = openEwbData({ data, rek: aes(sek, rek), hmac: hmac(randomBytes(32), base64Json) }, sek);
    expect(forged.ok).toBe(false);
    if (!forged.ok) expect(forged.errors[0]?.message).toMatch(/hmac/);
    const wrongKey = openEwbData({ data: Buffer.from('12345').toString('base64') }, sek);
    expect(wrongKey.ok).toBe(false);
    if (!wrongKey.ok) expect(wrongKey.errors[0]?.code).toBe('SVC-962');
  });
});
