/**
 * The sandbox's signing identity: an RSA-2048 key and a self-signed X.509 certificate, and RS256
 * JWS compact tokens signed with it, in the shape the IRP uses for SignedInvoice and
 * SignedQRCode (header `kid` = SHA-1 thumbprint in hex, `x5t` = the same in base64url).
 *
 * node:crypto makes the key, exports the public key as SubjectPublicKeyInfo and signs; the only
 * thing it cannot do is write a certificate, so the few DER structures needed are encoded here.
 * @module
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, X509Certificate, type KeyObject } from 'node:crypto';

/** A signing key with its self-signed certificate. */
export interface SigningIdentity {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** Certificate in DER. */
  readonly certificateDer: Uint8Array;
  /** Certificate in PEM, for clients that verify the tokens. */
  readonly certificatePem: string;
  /** SHA-1 thumbprint of the certificate, 40 upper-case hex characters (the JWS `kid`). */
  readonly kid: string;
  /** The same thumbprint in base64url (the JWS `x5t`). */
  readonly x5t: string;
}

// ---- a minimal DER writer -------------------------------------------------------------------

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, body: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
}

const seq = (...parts: Uint8Array[]): Buffer => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Uint8Array[]): Buffer => tlv(0x31, Buffer.concat(parts));
const nul = (): Buffer => Buffer.from([0x05, 0x00]);
const utf8 = (text: string): Buffer => tlv(0x0c, Buffer.from(text, 'utf8'));
const explicit = (n: number, inner: Uint8Array): Buffer => tlv(0xa0 + n, inner);
const bitString = (bytes: Uint8Array): Buffer => tlv(0x03, Buffer.concat([Buffer.from([0]), bytes]));

function integer(bytes: Uint8Array): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  let body = Buffer.from(bytes.subarray(i));
  if ((body[0] ?? 0) & 0x80) body = Buffer.concat([Buffer.from([0]), body]);
  return tlv(0x02, body);
}

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const out: number[] = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

function time(at: Date): Buffer {
  const iso = at.toISOString();
  const compact = iso.slice(0, 19).replace(/[-:T]/g, '') + 'Z'; // YYYYMMDDHHMMSSZ
  const year = at.getUTCFullYear();
  return year < 2050 ? tlv(0x17, Buffer.from(compact.slice(2), 'ascii')) : tlv(0x18, Buffer.from(compact, 'ascii'));
}

function name(commonName: string, organisation: string): Buffer {
  return seq(set(seq(oid('2.5.4.10'), utf8(organisation))), set(seq(oid('2.5.4.3'), utf8(commonName))));
}

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';

// ---- identity ---------------------------------------------------------------------------------

/** Options for {@link createSigningIdentity}. */
export interface SigningIdentityOptions {
  /** Subject and issuer common name. Default `gstkit sandbox IRP`. */
  commonName?: string;
  /** Start of validity. Default now. */
  notBefore?: Date;
  /** Days of validity. Default 3650. */
  days?: number;
  /** Reuse an existing RSA private key (PEM or KeyObject) instead of generating one. */
  privateKey?: KeyObject | string;
}

/** Generates (or wraps) an RSA-2048 key and issues a self-signed certificate for it. */
export function createSigningIdentity(options: SigningIdentityOptions = {}): SigningIdentity {
  let privateKey: KeyObject;
  if (options.privateKey === undefined) {
    privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  } else if (typeof options.privateKey === 'string') {
    privateKey = createPrivateKey(options.privateKey);
  } else {
    privateKey = options.privateKey;
  }
  const publicKey = createPublicKey(privateKey);
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const notBefore = options.notBefore ?? new Date();
  const notAfter = new Date(notBefore.getTime() + (options.days ?? 3650) * 86_400_000);
  const subject = name(options.commonName ?? 'gstkit sandbox IRP', 'gstkit sandbox');
  const serial = createHash('sha256').update(spki).update(notBefore.toISOString()).digest().subarray(0, 16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const algorithm = seq(oid(SHA256_WITH_RSA), nul());
  const tbs = seq(explicit(0, integer(Buffer.from([2]))), integer(serial), algorithm, subject, seq(time(notBefore), time(notAfter)), subject, spki);
  const signature = sign('sha256', tbs, privateKey);
  const certificateDer = seq(tbs, algorithm, bitString(signature));
  const thumb = createHash('sha1').update(certificateDer).digest();
  const pem = '-----BEGIN CERTIFICATE-----\n' + (certificateDer.toString('base64').match(/.{1,64}/g) ?? []).join('\n') + '\n-----END CERTIFICATE-----\n';
  // Parse once: a malformed encoding fails here, at start, not in a client.
  new X509Certificate(certificateDer);
  return {
    privateKey,
    publicKey,
    certificateDer: new Uint8Array(certificateDer),
    certificatePem: pem,
    kid: thumb.toString('hex').toUpperCase(),
    x5t: thumb.toString('base64url'),
  };
}

// ---- JWS ------------------------------------------------------------------------------------

// The encoded header is the same for every token of an identity: made once (two tokens a generateirn).
const encodedHeaders = new WeakMap<SigningIdentity, string>();

function encodedHeader(identity: SigningIdentity): string {
  let header = encodedHeaders.get(identity);
  if (header === undefined) {
    header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: identity.kid, typ: 'JWT', x5t: identity.x5t })).toString('base64url');
    encodedHeaders.set(identity, header);
  }
  return header;
}

/** Signs `payload` as an RS256 JWS compact token with the identity's kid and x5t. */
export function signJws(identity: SigningIdentity, payload: Record<string, unknown>): string {
  const input = encodedHeader(identity) + '.' + Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = sign('sha256', Buffer.from(input), identity.privateKey);
  return input + '.' + signature.toString('base64url');
}

/** A JWS read back: header, payload and whether the signature holds for the given key. */
export interface DecodedJws {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  valid: boolean;
}

/** Decodes a compact JWS and checks its RS256 signature against a public key or certificate (PEM). */
export function verifyJws(token: string, key: KeyObject | string): DecodedJws | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [h, p, s] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as Record<string, unknown>;
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
    const publicKey = typeof key === 'string' ? new X509Certificate(key).publicKey : key;
    const valid = header['alg'] === 'RS256' && verify('sha256', Buffer.from(`${h}.${p}`), publicKey, Buffer.from(s, 'base64url'));
    return { header, payload, valid };
  } catch {
    return undefined;
  }
}
