/**
 * The sandbox's signing identity kept in the store: the first server to start makes the key and the
 * certificate's validity start, every later start and every other server reads them back, so tokens
 * signed yesterday or by another instance verify with the one published certificate.
 * @module
 */
import { generateKeyPairSync } from 'node:crypto';
import type { SecretStore } from '../ports/store.js';
import { createSigningIdentity, type SigningIdentity } from './certificate.js';

const NAME = 'sandbox-signing-identity';

/** The identity stored under the sandbox's name, made on first use. */
export async function storedSigningIdentity(store: SecretStore): Promise<SigningIdentity> {
  const text = await store.secret(NAME, () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return JSON.stringify({
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      // Whole seconds: the certificate encodes its validity to the second, and must come out the same.
      notBefore: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
    });
  });
  const saved = JSON.parse(text) as { privateKeyPem: string; notBefore: string };
  // The certificate is deterministic for a key and a start date (RSA PKCS#1 v1.5 signatures are).
  return createSigningIdentity({ privateKey: saved.privateKeyPem, notBefore: new Date(saved.notBefore) });
}
