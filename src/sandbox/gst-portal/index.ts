/**
 * The sandbox GST portal: connected GSTINs, and GSTR-2A/2B/3B for a recipient and period built from
 * the sandbox IRP's e-invoices where it is the buyer plus deterministic synthetic suppliers.
 * @module
 */
import { error, type Outcome } from '../../issue.js';
import type { GstPortal } from '../../ports/gst-portal.js';
import { GstrCode } from '../../ports/gst-portal.js';
import type { ReturnType } from '../../gstr/types.js';
import { docFromEinvoice, syntheticDoc, type CanonicalInvoiceLike, type ModelDoc } from './model.js';
import { render2a, render2b, render3b } from './render.js';

export type { CanonicalInvoiceLike, ModelDoc } from './model.js';

export interface SandboxGstPortalOptions {
  connectedGstins: Iterable<string>;
  /** E-invoices registered with the sandbox IRP where `buyerGstin` is the buyer, for that period. */
  invoicesForBuyer?: (buyerGstin: string, period: string) => Iterable<CanonicalInvoiceLike> | Promise<Iterable<CanonicalInvoiceLike>>;
  /** Synthetic documents per GSTIN and period (default 60). */
  syntheticDocumentsPerPeriod?: number;
  /** Changes the synthetic data; the same seed, GSTIN and period always give the same data. */
  seed?: string;
}

export interface SandboxGstPortal extends GstPortal {
  connect(gstin: string): void;
  disconnect(gstin: string): void;
  /** The documents a period's returns are rendered from (for tests and demos; e-invoices only when `invoicesForBuyer` answers at once). */
  documents(gstin: string, period: string): ModelDoc[];
  /** How a job thread builds this same portal (its GSTINs connected now, the same seed and volume). */
  threadRecipe(): { module: string; name: string; options: Record<string, unknown>; remote: string[] };
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

export function createSandboxGstPortal(options: SandboxGstPortalOptions): SandboxGstPortal {
  const connected = new Set(options.connectedGstins);
  const seed = options.seed ?? 'gstkit-sandbox';
  const perPeriod = Math.max(0, Math.floor(options.syntheticDocumentsPerPeriod ?? 60));

  const build = (gstin: string, period: string, invoices: Iterable<CanonicalInvoiceLike>): ModelDoc[] => {
    const docs: ModelDoc[] = [];
    for (const inv of invoices) {
      const d = docFromEinvoice(inv, gstin);
      if (d) docs.push(d);
    }
    for (let i = 0; i < perPeriod; i++) docs.push(syntheticDoc(seed, gstin, period, i, perPeriod));
    return docs;
  };
  const documents = (gstin: string, period: string): ModelDoc[] => {
    const invoices = options.invoicesForBuyer?.(gstin, period);
    return build(gstin, period, invoices && Symbol.iterator in invoices ? invoices : []);
  };

  return {
    isConnected: (gstin) => connected.has(gstin),
    connect: (gstin) => void connected.add(gstin),
    disconnect: (gstin) => void connected.delete(gstin),
    documents,
    threadRecipe: () => ({
      module: import.meta.url,
      name: 'createSandboxGstPortal',
      options: {
        connectedGstins: [...connected],
        syntheticDocumentsPerPeriod: perPeriod,
        seed,
        ...(options.invoicesForBuyer ? { invoicesForBuyer: options.invoicesForBuyer } : {}),
      },
      // The e-invoices stay with the serving thread's IRP: the thread asks for them.
      remote: options.invoicesForBuyer ? ['invoicesForBuyer'] : [],
    }),
    async fetchReturn(gstin: string, returnType: ReturnType, period: string): Promise<Outcome<unknown>> {
      if (!connected.has(gstin)) return { ok: false, errors: [error(GstrCode.notConnected, 'not connected to GST System', '/gstin')] };
      if (!PERIOD.test(period)) return { ok: false, errors: [error(GstrCode.badRequest, 'return period should be YYYY-MM', '/returnPeriod')] };
      const docs = build(gstin, period, (await options.invoicesForBuyer?.(gstin, period)) ?? []);
      switch (returnType) {
        case 'gstr2a':
          return { ok: true, value: render2a(gstin, period, docs) };
        case 'gstr2b':
          return { ok: true, value: render2b(gstin, period, docs) };
        case 'gstr3b':
          return { ok: true, value: render3b(seed, gstin, period, docs) };
        default:
          return { ok: false, errors: [error(GstrCode.badRequest, `unknown return type ${String(returnType)}`, '/returnType')] };
      }
    },
  };
}
