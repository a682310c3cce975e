import { X509Certificate, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJws, verifyJws } from '../../src/sandbox/index.js';
import { identity } from '../http/harness.js';

describe('sandbox signing identity', () => {
  it('is a parseable self-signed X.509 certificate whose SHA-1 thumbprint is the kid and x5t', () => {
    const cert = new X509Certificate(identity.certificatePem);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.subject).toContain('gstkit sandbox');
    const thumb = createHash('sha1').update(identity.certificateDer).digest();
    expect(identity.kid).toBe(thumb.toString('hex').toUpperCase());
    expect(identity.x5t).toBe(thumb.toString('base64url'));
  });

  it('signs RS256 tokens that verify with the certificate and fail when tampered', () => {
    const token = signJws(identity, { data: '{"a":1}', iss: 'x' });
    expect(verifyJws(token, identity.certificatePem)?.valid).toBe(true);
    const [h, p, s] = token.split('.');
    const forged = `${h}.${Buffer.from('{"data":"{}","iss":"x"}').toString('base64url')}.${s}`;
    expect(verifyJws(forged, identity.certificatePem)?.valid).toBe(false);
    expect(p).toBeTruthy();
  });
});
