/**
 * The sandbox: in-memory stand-ins for the IRP, the e-waybill portal, the GSTIN registry, the GST
 * portal and the job runner, wired together, behind the provider ports of {@link ./ports.ts}.
 *
 * @example
 * const sandbox = createSandbox({ companies: { acme: ['29AAGCM4821K1Z6'] } });
 * const handler = createGstHandler({ ...sandbox.providers, authenticate });
 * @module
 */
import type { ReturnStore } from '../ports/returns.js';
import { state } from '../masters/index.js';
import type { Store } from '../ports/store.js';
import { createMemoryStore } from '../store/memory.js';
import { storeReturns } from '../store/returns.js';
import { createSigningIdentity, type SigningIdentity } from './certificate.js';
import { storedSigningIdentity } from './stored-identity.js';
import { createSandboxEwbPortal, type SandboxEwbPortal } from './ewaybill/portal.js';
import { createSandboxGstPortal } from './gst-portal/index.js';
import { createSandboxIrp, type SandboxIrp } from './irp.js';
import { createEmbeddedJobRunner, type EmbeddedJobRunner } from '../jobs/embedded.js';
import type { JobRunner } from '../ports/jobs.js';
import type { Company } from '../ports/company.js';
import { createSandboxRegistry, sampleTaxpayers, type SandboxRegistry, type SandboxTaxpayer } from './registry.js';
import { systemClock, type Clock } from '../clock.js';

// The provider ports, long re-exported from here (their home is `gstkit/ports`).
export * from '../ports/company.js';
export * from '../ports/result.js';
export * from '../ports/irp.js';
export * from '../ports/ewaybill.js';
export * from '../ports/registry.js';
export * from '../ports/jobs.js';
export * from '../ports/inquiry.js';
export * from '../clock.js';
// The IST readings, long exported from here beside the clock.
export { istDate, istDateTime, istIsoDate, formatIstDateTime as istIsoDateTime, parseIst } from '../compute/dates.js';
export { storedSigningIdentity } from './stored-identity.js';
export { createSigningIdentity, signJws, verifyJws, type SigningIdentity, type DecodedJws } from './certificate.js';
export { createSandboxGstPortal, SANDBOX_GST_OTP, type SandboxGstPortal, type SandboxGstPortalOptions, type CanonicalInvoiceLike } from './gst-portal/index.js';
export { createSandboxRegistry, sampleTaxpayers, type SandboxRegistry, type SandboxTaxpayer } from './registry.js';
export { createSandboxEwbPortal, type SandboxEwbPortal } from './ewaybill/portal.js';
export { createSandboxIrp, duplicateDocKey, SANDBOX_ISSUER, type SandboxIrp } from './irp.js';
export { createSandboxCrm, type SandboxCrm, type SandboxCrmOptions } from './crm-inbox.js';
/** @deprecated Import from `gstkit/jobs`; this re-export goes in the next minor version. */
export { createMemoryJobRunner, type MemoryJobRunner, type MemoryJobRunnerOptions } from '../jobs/memory.js';
/** @deprecated Import from `gstkit/connectors/inquiry`; this re-export goes in the next minor version. */
export { turnstileVerifier, TURNSTILE_VERIFY_URL, type TurnstileOptions } from '../connectors/inquiry/turnstile.js';
/** @deprecated Import from `gstkit/connectors/inquiry`; this re-export goes in the next minor version. */
export { webhookForwarder, ForwardError, type WebhookForwarderOptions } from '../connectors/inquiry/crm-webhook.js';
/** @deprecated Import from `gstkit/ports`; this re-export goes in the next minor version. */
export { basicAuth, parseApiKeys, generateApiKey, type ApiKey } from '../ports/auth.js';
export { sandboxCodes } from './codes.js';

/**
 * The GSTINs of the demo company when none are configured: the sellers and buyer of the bundled examples
 * (docs/examples/irn.json, ewb.json, payment-qr.json), so a new user can post them as they are, and three more.
 */
export const demoGstins: readonly string[] = [
  '29AAGCK4821M1Z4',
  '33AAHCT2290K1Z6',
  '29AADCN7314Q1ZU',
  '29AAJCB9052D1ZK',
  '29AAGCM4821K1Z6',
  '27AAHCK7310P1Z3',
  '33AAJFN2954R1ZN',
];

export interface SandboxOptions {
  /** Company id to the GSTINs it owns; each GSTIN becomes an active taxpayer and a connected portal user. */
  companies?: Record<string, readonly string[]>;
  clock?: Clock;
  /** Reuse a signing identity (tests create one and share it: RSA key generation takes a moment). */
  identity?: SigningIdentity;
  /** Jobs running at once. Default 2. */
  jobConcurrency?: number;
  /** Worker threads for GSTR jobs: pulls, exports, reconciliations, GSTR-1 (the reference server uses 2). Default 0: they run on this thread. */
  jobThreads?: number;
  /** Synthetic supplier documents per GSTIN and period in 2A/2B. */
  syntheticDocumentsPerPeriod?: number;
  seed?: number;
  /** Where the portals keep their records. Default: a new in-memory store. */
  store?: Store;
}

/** Everything the sandbox made, plus the providers ready to spread into the handler's options. */
export interface Sandbox {
  clock: Clock;
  identity: SigningIdentity;
  registry: SandboxRegistry;
  ewb: SandboxEwbPortal;
  irp: SandboxIrp;
  /** The embedded runner over the sandbox's store. */
  jobs: EmbeddedJobRunner;
  companies: Map<string, Company>;
  store: Store;
  providers: {
    irp: SandboxIrp;
    ewb: SandboxEwbPortal;
    registry: SandboxRegistry;
    jobs: JobRunner;
    gstPortal: ReturnType<typeof createSandboxGstPortal>;
    /** Each company's pulled returns. */
    returnStore: (companyId: string) => ReturnStore;
    issuedInvoices: SandboxIrp['invoicesOfSeller'];
    clock: Clock;
    signingCertificatePem: string;
    payee: (company: Company, gstin: string) => { upiId: string; payeeName: string } | undefined;
    /** The audit log of state-changing calls: the sandbox's store. */
    audit: Store;
  };
}

/** Builds a sandbox. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const clock = options.clock ?? systemClock;
  const identity = options.identity ?? createSigningIdentity();
  const store = options.store ?? createMemoryStore();
  const companiesIn = options.companies ?? { demo: demoGstins };
  const registry = createSandboxRegistry();
  const companies = new Map<string, Company>();
  const allGstins: string[] = [];
  for (const [id, gstins] of Object.entries(companiesIn)) {
    const upper = gstins.map((g) => g.trim().toUpperCase());
    companies.set(id, { id, gstins: upper });
    for (const g of upper) {
      allGstins.push(g);
      if (!registry.get(g)) {
        const name = `${state(g.slice(0, 2))?.name ?? 'Sandbox'} Trading ${g.slice(5, 10)}`;
        registry.add({ gstin: g, legalName: `${name} Private Limited`, tradeName: name });
      }
    }
  }
  const seed = options.seed ?? Date.now();
  const ewb = createSandboxEwbPortal({ clock, registry, store, seed });
  const irp = createSandboxIrp({ clock, identity, ewb, store, seed });
  // PGlite and memory stores belong to this process alone: a job found working at start was interrupted.
  const jobs = createEmbeddedJobRunner({
    store,
    clock,
    exclusive: store.kind !== 'postgres',
    ...(options.jobConcurrency ? { concurrency: options.jobConcurrency } : {}),
    ...(options.jobThreads ? { threads: options.jobThreads } : {}),
  });
  const gstPortal = createSandboxGstPortal({
    connectedGstins: allGstins,
    invoicesForBuyer: (buyer: string, period: string) => irp.invoicesForBuyer(buyer, period),
    ...(options.syntheticDocumentsPerPeriod !== undefined ? { syntheticDocumentsPerPeriod: options.syntheticDocumentsPerPeriod } : {}),
    seed: String(seed),
    clock,
  });
  const returnStore = (companyId: string): ReturnStore => storeReturns(store, companyId);
  const payee = (company: Company, gstin: string): { upiId: string; payeeName: string } | undefined => {
    if (!company.gstins.includes(gstin)) return undefined;
    const t = registry.get(gstin);
    return { upiId: `${gstin.slice(2, 12).toLowerCase()}@sandbox`, payeeName: t?.tradeName ?? gstin };
  };
  return {
    clock,
    identity,
    registry,
    ewb,
    irp,
    jobs,
    companies,
    store,
    // The store is also the audit log: every state-changing call is written to it.
    providers: {
      irp,
      ewb,
      registry,
      jobs,
      gstPortal,
      returnStore,
      issuedInvoices: (c, g, p) => irp.invoicesOfSeller(c, g, p),
      clock,
      signingCertificatePem: identity.certificatePem,
      payee,
      audit: store,
    },
  };
}

/**
 * Builds a sandbox over a persistent store: the signing key and certificate come from the store (made
 * once, then the same across restarts and for every server sharing the store), and taxpayers added to
 * the registry are kept there.
 */
export async function openSandbox(options: SandboxOptions & { store: Store }): Promise<Sandbox> {
  const identity = options.identity ?? (await storedSigningIdentity(options.store));
  const sandbox = createSandbox({ ...options, identity });
  for (const { data } of await options.store.listTaxpayers()) {
    if (!sandbox.registry.get(String(data['gstin']))) sandbox.registry.add(data as unknown as SandboxTaxpayer);
  }
  for (const company of sandbox.companies.values()) {
    for (const gstin of company.gstins) {
      const t = sandbox.registry.get(gstin);
      if (t) await options.store.putTaxpayer(gstin, { ...t });
    }
  }
  return sandbox;
}

export { sampleTaxpayers as taxpayers };
