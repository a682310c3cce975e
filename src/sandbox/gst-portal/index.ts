/**
 * The sandbox GST portal: GSTINs connected by OTP (the fixed sandbox OTP, `575757`), GSTR-2A/2B/3B for a
 * recipient and period built from the sandbox IRP's e-invoices where it is the buyer plus deterministic
 * synthetic suppliers, the IMS inbox of the same documents, and GSTR-1 upload and filing with EVC: the
 * live portal's whole flow without credentials.
 * @module
 */
import { error, type Outcome } from '../../issue.js';
import type { GstPortalConnection, LiveGstPortal } from '../../ports/gst-portal.js';
import { gstrCodes } from '../../ports/gst-portal.js';
import { SandboxFiling } from './filing.js';
import { SandboxGstSessions } from './sessions.js';
import type { ReturnType } from '../../gstr/types.js';
import { docFromEinvoice, syntheticDoc, type CanonicalInvoiceLike, type ModelDoc } from './model.js';
import { render2a, render2b, render3b } from './render.js';

export type { CanonicalInvoiceLike, ModelDoc } from './model.js';
export { SANDBOX_GST_OTP } from './sessions.js';

export interface SandboxGstPortalOptions {
  /** GSTINs connected from the start, without an OTP; others connect by OTP request and the sandbox OTP. */
  connectedGstins: Iterable<string>;
  /** E-invoices registered with the sandbox IRP where `buyerGstin` is the buyer, for that period. */
  invoicesForBuyer?: (buyerGstin: string, period: string) => Iterable<CanonicalInvoiceLike> | Promise<Iterable<CanonicalInvoiceLike>>;
  /** Synthetic documents per GSTIN and period (default 60). */
  syntheticDocumentsPerPeriod?: number;
  /** Changes the synthetic data; the same seed, GSTIN and period always give the same data. */
  seed?: string;
  /** Time of the sessions (they lapse after six hours) and of the IMS inbox's default period. */
  clock?: { now(): Date };
}

export interface SandboxGstPortal extends LiveGstPortal {
  /** With an OTP, as the live portal (after {@link requestOtp}); without one, connects at once (tests, demos). */
  connect(gstin: string, otp?: string): Promise<Outcome<GstPortalConnection>>;
  disconnect(gstin: string): Promise<Outcome<GstPortalConnection>>;
  /** The documents a period's returns are rendered from (for tests and demos; e-invoices only when `invoicesForBuyer` answers at once). */
  documents(gstin: string, period: string): ModelDoc[];
  /** How a job thread builds this same portal (its GSTINs connected now, the same seed and volume). */
  threadRecipe(): { module: string; name: string; options: Record<string, unknown>; remote: string[] };
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

const notConnected = <T>(): Outcome<T> => ({
  ok: false,
  errors: [error(gstrCodes.notConnected, 'not connected to GST System: connect the GSTIN by OTP', '/gstin')],
});
const badPeriod = <T>(): Outcome<T> => ({ ok: false, errors: [error(gstrCodes.badRequest, 'return period should be YYYY-MM', '/returnPeriod')] });

/** The month before `now`'s, YYYY-MM: the IMS inbox's period when none is named. */
function lastMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function createSandboxGstPortal(options: SandboxGstPortalOptions): SandboxGstPortal {
  const clock = options.clock ?? { now: () => new Date() };
  const sessions = new SandboxGstSessions(options.connectedGstins, () => clock.now().getTime());
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

  const filing = new SandboxFiling({ documents, seed });
  /** Runs `act` for a connected GSTIN and, where one is given, a period YYYY-MM. */
  const connected = <T>(gstin: string, period: string | undefined, act: () => Outcome<T>): Promise<Outcome<T>> => {
    if (!sessions.isConnected(gstin)) return Promise.resolve(notConnected());
    if (period !== undefined && !PERIOD.test(period)) return Promise.resolve(badPeriod());
    return Promise.resolve(act());
  };

  return {
    isConnected: (gstin) => sessions.isConnected(gstin),
    // Not async: the GSTIN is connected or forgotten before the call returns, as callers of the sandbox expect.
    connect(gstin, otp) {
      if (otp === undefined) {
        sessions.connectNow(gstin);
        return Promise.resolve({ ok: true, value: sessions.connection(gstin) });
      }
      return Promise.resolve(sessions.connect(gstin, otp));
    },
    disconnect: (gstin) => Promise.resolve({ ok: true, value: sessions.disconnect(gstin) }),
    connection: (gstin) => Promise.resolve(sessions.connection(gstin)),
    requestOtp: (gstin, username) => Promise.resolve(sessions.requestOtp(gstin, username)),
    imsRecords: (gstin, section, period) =>
      connected(gstin, period ?? lastMonth(clock.now()), () => filing.imsRecords(gstin, section, period ?? lastMonth(clock.now()))),
    imsSave: (request) => connected(request?.gstin, undefined, () => filing.imsSave(request)),
    imsRequestStatus: (gstin, referenceId) => connected(gstin, undefined, () => filing.imsRequestStatus(referenceId)),
    gstr1Save: (gstin, period, data) => connected(gstin, period, () => filing.gstr1Save(gstin, period, data)),
    gstr1Status: (gstin, period, referenceId) => connected(gstin, period, () => filing.gstr1Status(period, referenceId)),
    gstr1Proceed: (gstin, period) => connected(gstin, period, () => filing.gstr1Proceed(period)),
    requestEvcOtp: (gstin, pan) => connected(gstin, undefined, () => filing.requestEvcOtp(gstin, pan)),
    gstr1File: (request) => connected(request?.gstin, request?.period, () => filing.gstr1File(request)),
    documents,
    threadRecipe: () => ({
      module: import.meta.url,
      name: 'createSandboxGstPortal',
      options: {
        connectedGstins: sessions.list(),
        syntheticDocumentsPerPeriod: perPeriod,
        seed,
        ...(options.invoicesForBuyer ? { invoicesForBuyer: options.invoicesForBuyer } : {}),
      },
      // The e-invoices stay with the serving thread's IRP: the thread asks for them.
      remote: options.invoicesForBuyer ? ['invoicesForBuyer'] : [],
    }),
    async fetchReturn(gstin: string, returnType: ReturnType, period: string): Promise<Outcome<unknown>> {
      if (!sessions.isConnected(gstin)) return { ok: false, errors: [error(gstrCodes.notConnected, 'not connected to GST System', '/gstin')] };
      if (!PERIOD.test(period)) return badPeriod();
      const docs = build(gstin, period, (await options.invoicesForBuyer?.(gstin, period)) ?? []);
      switch (returnType) {
        case 'gstr2a':
          return { ok: true, value: render2a(gstin, period, docs) };
        case 'gstr2b':
          return { ok: true, value: render2b(gstin, period, docs) };
        case 'gstr3b':
          return { ok: true, value: render3b(seed, gstin, period, docs) };
        default:
          return { ok: false, errors: [error(gstrCodes.badRequest, `unknown return type ${String(returnType)}`, '/returnType')] };
      }
    },
  };
}
