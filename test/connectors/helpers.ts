/** The NIC fake on loopback, connectors pointed at it, and a handler serving them. */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGstHandler, type GstHandler } from '../../src/http/index.js';
import { createNicEwbProvider, createNicIrpProvider, type NicEinvoiceOptions } from '../../src/connectors/nic/index.js';
import { basicAuth, createSandbox } from '../../src/sandbox/index.js';
import { FakeNic } from '../support/fake-nic.js';
import type { EwbPayload, IrnPayload } from '../../src/types/payloads.js';

export const SELLER = '29AAGCK4821M1Z4';
export const SHIPPER = '33AAHCT2290K1Z6';
export const USERS = {
  [SELLER]: { username: 'kaveri_api', password: 'Kaveri#2026' },
  [SHIPPER]: { username: 'tfpl_api', password: 'Tfpl#2026' },
};
export const AUTH = 'Basic ' + Buffer.from('key1:secret1').toString('base64');

export function example(name: string): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`../../docs/examples/${name}.json`, import.meta.url), 'utf8')) as Record<string, any>;
}

/** The bundled e-waybill request (docs/examples/ewb.json), of the shipper. */
export function ewbRequest(): EwbPayload {
  return JSON.parse(readFileSync(new URL('../../docs/examples/ewb.json', import.meta.url), 'utf8')) as EwbPayload;
}

/** An invoice of the seller with its own document number. */
export function invoice(docNo: string): IrnPayload {
  const inv = example('irn') as IrnPayload;
  inv.DocDtls = { ...inv.DocDtls, No: docNo };
  return inv;
}

export function irnOf(gstin: string, fy: string, typ: string, no: string): string {
  return createHash('sha256')
    .update(gstin + fy + typ + no)
    .digest('hex');
}

export async function startFake(options: Partial<ConstructorParameters<typeof FakeNic>[0]> = {}): Promise<FakeNic> {
  return new FakeNic({ users: USERS, ...options }).start();
}

export function options(fake: FakeNic, extra: Partial<NicEinvoiceOptions> = {}): NicEinvoiceOptions {
  return {
    baseUrl: fake.baseUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    publicKeyPem: fake.publicKeyPem,
    credentials: USERS,
    timeoutMs: 1000,
    retry: { attempts: 4, baseDelayMs: 5, maxDelayMs: 20 },
    ...extra,
  };
}

export function otherPublicKey(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

export const ctx = { company: { id: 'acme', gstins: [SELLER, SHIPPER] } };

/** createGstHandler with the NIC connectors; registry and jobs from the sandbox (not under test). */
export function nicHandler(
  fake: FakeNic,
  extra: Partial<NicEinvoiceOptions> = {},
): { handler: GstHandler; irp: ReturnType<typeof createNicIrpProvider>; ewb: ReturnType<typeof createNicEwbProvider> } {
  const irp = createNicIrpProvider(options(fake, extra));
  const ewb = createNicEwbProvider(options(fake, extra));
  const sandbox = createSandbox({ companies: { acme: [SELLER, SHIPPER] } });
  const handler = createGstHandler({
    ...sandbox.providers,
    irp,
    ewb,
    authenticate: basicAuth([{ keyId: 'key1', keySecret: 'secret1', companyId: 'acme' }], new Map([['acme', [SELLER, SHIPPER]]])),
  });
  return { handler, irp, ewb };
}

export async function call(handler: GstHandler, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await handler(
    new Request('http://gstkit.test' + path, {
      method,
      headers: { authorization: AUTH, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * The settings that point `gstkit serve` with GSTKIT_PROVIDER=nic at the fake portal, with its public key and
 * the credentials of USERS written into a fresh folder named after `folderPrefix`.
 */
export function nicServeEnv(fake: FakeNic, folderPrefix: string): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), folderPrefix));
  writeFileSync(join(dir, 'key.pem'), fake.publicKeyPem);
  writeFileSync(join(dir, 'credentials.json'), JSON.stringify(USERS));
  return {
    GSTKIT_PROVIDER: 'nic',
    NIC_EINVOICE_URL: fake.baseUrl,
    NIC_EWB_URL: fake.baseUrl,
    NIC_CLIENT_ID: fake.clientId,
    NIC_CLIENT_SECRET: fake.clientSecret,
    NIC_PUBLIC_KEY_FILE: join(dir, 'key.pem'),
    NIC_CREDENTIALS_FILE: join(dir, 'credentials.json'),
    NIC_TIMEOUT_MS: '5000',
  };
}
