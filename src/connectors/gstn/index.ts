/**
 * The live GST portal connector: GSTN's taxpayer API through a GSP, behind gstkit's `GstPortal` port
 * plus connecting a GSTIN by OTP, IMS and GSTR-1 filing. A library only: the host wires its own routes
 * (docs/gstn-connector.md).
 *
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { createGstnPortal } from 'gstkit/connectors/gstn';
 *
 * const portal = createGstnPortal({
 *   baseUrl: process.env.GSTN_URL!,
 *   clientId: process.env.GSTN_CLIENT_ID!,
 *   clientSecret: process.env.GSTN_CLIENT_SECRET!,
 *   publicKeyPem: readFileSync(process.env.GSTN_PUBLIC_KEY_FILE!),
 *   ipUsr: process.env.GSTN_IP_USR!,
 * });
 * await portal.requestOtp('29AAGCK4821M1Z4', 'taxpayer_user');   // the taxpayer reads the OTP on their phone
 * await portal.connect('29AAGCK4821M1Z4', '575757');
 * const gstr2b = await portal.fetchReturn('29AAGCK4821M1Z4', 'gstr2b', '2026-09');
 * ```
 * @module
 */
import { processPortalSessions } from '../nic/process-sessions.js';
import { failed } from './call.js';
import { gstnCodes, refuse } from './codes.js';
import { Connections } from './connection.js';
import type { Context } from './context.js';
import { gstr1File, gstr1Proceed, gstr1Save, gstr1Status, gstr1Summary, requestEvcOtp } from './gstr1.js';
import { imsRecords, imsRequestStatus, imsReset, imsSave } from './ims.js';
import { type GstnPortalOptions, portalPeriod, prepare, validGstin } from './options.js';
import type { GstnConnection, GstnPortal, GstReturnType, Outcome } from './port.js';
import { pull2a, pull2b, pull3b } from './returns.js';
import { tolerantStore } from './sessions.js';

export { gstnCodes, GstnConfigError } from './codes.js';
export { defaultGstnPaths, type GstnPortalOptions, type GstnPaths, type LargeFileOptions, type RetryPolicy, type Clock } from './options.js';
export type { GstnPortal, GstnConnection, ImsActionRequest, ImsSection, Gstr1FileRequest } from './port.js';
export type { GstnSessionStore } from './sessions.js';
export { readTar } from './tar.js';

const DEFAULT_2A_SECTIONS = ['B2B', 'B2BA', 'CDN', 'CDNA', 'ISD', 'IMPG', 'IMPGSEZ'] as const;

export function createGstnPortal(options: GstnPortalOptions): GstnPortal {
  const prepared = prepare(options);
  const clock = options.clock ?? { now: () => new Date() };
  const large = options.largeFiles ?? {};
  const ctx: Context = {
    prepared,
    headers: {
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      ipUsr: options.ipUsr,
      ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
    },
    wire: {
      fetch: options.fetch ?? fetch,
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: { attempts: options.retry?.attempts ?? 3, baseDelayMs: options.retry?.baseDelayMs ?? 500, maxDelayMs: options.retry?.maxDelayMs ?? 5000 },
    },
    store: tolerantStore(options.sessions ?? processPortalSessions()),
    now: () => clock.now().getTime(),
    renewBeforeMs: options.renewBeforeMs ?? 15 * 60_000,
    tokenLifetimeMs: options.tokenLifetimeMs ?? 6 * 3_600_000,
    otpRequestLifetimeMs: options.otpRequestLifetimeMs ?? 15 * 60_000,
    leaseMs: options.leaseMs ?? 120_000,
    large: {
      maxWaitMs: large.maxWaitMs ?? 120_000,
      pollMs: large.pollMs ?? 20_000,
      maxPartBytes: large.maxPartBytes ?? 512 * 1024 * 1024,
      maxUnpackedBytes: large.maxUnpackedBytes ?? 2 * 1024 * 1024 * 1024,
      timeoutMs: large.timeoutMs ?? 300_000,
    },
    gstr2aSections: options.gstr2aSections ?? DEFAULT_2A_SECTIONS,
  };
  const connections = new Connections(ctx);

  /** Runs `run` with a checked GSTIN and, where one is given, the period as MMYYYY. */
  const checked = <T>(gstin: string, period: string | undefined, run: (portalPeriod: string) => Promise<Outcome<T>>): Promise<Outcome<T>> => {
    if (typeof gstin !== 'string' || !validGstin(gstin))
      return Promise.resolve(refuse(gstnCodes.badRequest, 'GSTIN should be 15 characters (2 digits, then capital letters and digits)', '/gstin'));
    if (period === undefined) return run('');
    const mmyyyy = typeof period === 'string' ? portalPeriod(period) : undefined;
    if (!mmyyyy) return Promise.resolve(refuse(gstnCodes.badRequest, 'return period should be YYYY-MM', '/returnPeriod'));
    return run(mmyyyy);
  };
  const connectionOf = (gstin: string, answer: { expiresAt: number; accessEndsAt?: number }): GstnConnection => ({
    gstin,
    connected: true,
    tokenExpiresAt: answer.expiresAt,
    ...(answer.accessEndsAt !== undefined ? { accessEndsAt: answer.accessEndsAt } : {}),
  });

  return {
    async isConnected(gstin) {
      return validGstin(gstin) && (await connections.status(gstin)).connected;
    },
    connection: (gstin) => connections.status(gstin),
    fetchReturn(gstin: string, returnType: GstReturnType, period: string) {
      return checked(gstin, period, (p) => {
        switch (returnType) {
          case 'gstr2a':
            return pull2a(ctx, connections, gstin, p);
          case 'gstr2b':
            return pull2b(ctx, connections, gstin, p);
          case 'gstr3b':
            return pull3b(ctx, connections, gstin, p);
          default:
            return Promise.resolve(refuse(gstnCodes.badRequest, `unknown return type ${String(returnType)}`, '/returnType'));
        }
      });
    },
    requestOtp(gstin, username) {
      return checked(gstin, undefined, async () => {
        if (typeof username !== 'string' || username.trim() === '')
          return refuse(gstnCodes.badRequest, "the taxpayer's GST portal user name is required", '/username');
        const out = await connections.requestOtp(gstin, username.trim());
        return out.ok ? { ok: true, value: { gstin, otpSent: true } } : failed(out);
      });
    },
    connect(gstin, otp) {
      return checked(gstin, undefined, async () => {
        if (typeof otp !== 'string' || !/^[0-9A-Za-z]{4,10}$/.test(otp.trim()))
          return refuse(gstnCodes.badRequest, 'the OTP should be the 4 to 10 characters the taxpayer received', '/otp');
        const out = await connections.connect(gstin, otp.trim());
        return out.ok ? { ok: true, value: connectionOf(gstin, out.session) } : failed(out);
      });
    },
    refresh(gstin) {
      return checked(gstin, undefined, async () => {
        const out = await connections.refreshNow(gstin);
        return out.ok ? { ok: true, value: connectionOf(gstin, out.session) } : failed(out);
      });
    },
    disconnect(gstin) {
      return checked(gstin, undefined, async () => {
        await connections.disconnect(gstin);
        return { ok: true, value: { gstin, connected: false } };
      });
    },
    imsRecords: (gstin, section) => checked(gstin, undefined, () => imsRecords(ctx, connections, gstin, section)),
    imsSave: (request) => checked(request?.gstin, undefined, () => imsSave(ctx, connections, request)),
    imsReset: (request) => checked(request?.gstin, undefined, () => imsReset(ctx, connections, request)),
    imsRequestStatus: (gstin, referenceId) => checked(gstin, undefined, () => imsRequestStatus(ctx, connections, gstin, referenceId)),
    gstr1Save: (gstin, period, data) => checked(gstin, period, (p) => gstr1Save(ctx, connections, gstin, p, data)),
    gstr1Status: (gstin, period, referenceId) => checked(gstin, period, (p) => gstr1Status(ctx, connections, gstin, p, referenceId)),
    gstr1Proceed: (gstin, period, opts) => checked(gstin, period, (p) => gstr1Proceed(ctx, connections, gstin, p, opts?.nilReturn ?? false)),
    gstr1Summary: (gstin, period) => checked(gstin, period, (p) => gstr1Summary(ctx, connections, gstin, p)),
    requestEvcOtp: (gstin, pan) => checked(gstin, undefined, () => requestEvcOtp(ctx, connections, gstin, pan)),
    gstr1File: (request) => checked(request?.gstin, request?.period ?? '', (p) => gstr1File(ctx, connections, request, p)),
  };
}
