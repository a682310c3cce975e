/**
 * NIC's e-invoice (IRP) API as an `IrpProvider`: login with the RSA-encrypted payload
 * (`/eivital/v1.04/auth`), then generate, get by IRN, get by document, cancel and e-waybill by
 * IRN, each with its payload AES-encrypted under the session key. Protocol and sources:
 * docs/connectors.md.
 * @module
 */
import { createHash } from 'node:crypto';
import { error, type Issue } from '../../issue.js';
import type { IrnPayload } from '../../types/payloads.js';
import type { CancelIrnRequest, DocumentKey, EwbGenerated, RegisteredIrn, IrpProvider, ProviderContext, ProviderResult } from '../../ports/index.js';
import { connectorCodes } from './codes.js';
import { aesDecrypt, base64Json, newAppKey, rsaCapacity, rsaEncrypt } from './crypto.js';
import { connectorRefusal, einvoiceIssues, looseJson, portalRefusal } from './errors.js';
import { invoiceOfSignedData, jwsClaims } from '../../compute/signed-invoice.js';
import { exchange, isObj, noSession, type ExchangePlan, type Exchanged, type Obj } from './exchange.js';
import { istIsoToEpoch, isoToWire, istWire, prepare, sessionOptions, type NicConnectorOptions } from './options.js';
import { decryptJson, encryptJson } from './symmetric-payload.js';
import { TokenCache, type SessionCodec } from './token-cache.js';
import type { WireRequest } from './wire.js';

/** NIC's documented paths; another IRP or a GSP may need others. */
export interface EinvoicePaths {
  auth: string;
  invoice: string;
  /** `{irn}` is replaced. */
  byIrn: string;
  byDocument: string;
  cancel: string;
  ewbByIrn: string;
  /** `{gstin}` is replaced. */
  gstinDetails: string;
}

export const nicEinvoicePaths: EinvoicePaths = {
  auth: '/eivital/v1.04/auth',
  invoice: '/eicore/v1.03/Invoice',
  byIrn: '/eicore/v1.03/Invoice/irn/{irn}',
  byDocument: '/eicore/v1.03/Invoice/irnbydocdetails',
  cancel: '/eicore/v1.03/Invoice/Cancel',
  ewbByIrn: '/eiewb/v1.03/ewaybill',
  gstinDetails: '/eivital/v1.04/Master/gstin/{gstin}',
};

export interface NicEinvoiceOptions extends NicConnectorOptions {
  paths?: Partial<EinvoicePaths>;
}

/** The e-invoice session of one GSTIN. */
interface EinvoiceSession {
  expiresAt: number;
  authToken: string;
  sek: Buffer;
  username: string;
}

/** How an e-invoice session is kept (sealed, when kept in a store). */
const einvoiceCodec: SessionCodec<EinvoiceSession> = {
  encode: (s) => ({ authToken: s.authToken, sek: s.sek.toString('base64'), username: s.username }),
  decode: ({ expiresAt, secrets }) => {
    const sek = Buffer.from(secrets['sek'] ?? '', 'base64');
    if (!secrets['authToken'] || !secrets['username'] || sek.length !== 32) return undefined;
    return { expiresAt, authToken: secrets['authToken'], sek, username: secrets['username'] };
  },
};

/** The portal's expired or invalid token code. */
const TOKEN_EXPIRED = '1005';

/** The NIC e-invoice connector, plus what tests and hosts may want to observe. */
export interface NicIrpProvider extends IrpProvider {
  /** Logins made so far, all GSTINs together. */
  readonly loginCount: number;
  /** The IRP's record of a taxpayer (`Master/gstin`), asked with the session of `callerGstin`. */
  gstinDetails(callerGstin: string, gstin: string): Promise<ProviderResult<Record<string, unknown>>>;
}

const statusOk = (env: Obj): boolean => String(env['Status'] ?? env['status'] ?? '') === '1';

function errorCodesOf(env: Obj): string[] {
  return einvoiceIssues(env['ErrorDetails'] ?? env['errorDetails']).map((i) => i.code);
}

/**
 * The invoice inside SignedInvoice, whose `data` claim may come as JSON, JSON text or base64 JSON: the
 * payload the portal registered, so an `IrnPayload` (the portal checks the same schema).
 */
function invoiceFromSigned(signedInvoice: unknown): IrnPayload {
  return (invoiceOfSignedData(looseJson(jwsClaims(signedInvoice)?.['data'])) ?? {}) as unknown as IrnPayload;
}

function infoList(env: Obj): Obj[] {
  const info = looseJson(env['InfoDtls'] ?? env['infoDtls']);
  return Array.isArray(info) ? info.filter(isObj) : [];
}

/** The issues of an EWBERR note: the IRN was issued but the e-waybill asked for was refused. */
function ewbErrors(env: Obj): Issue[] {
  const note = infoList(env).find((i) => i['InfCd'] === 'EWBERR');
  return note ? einvoiceIssues(note['Desc']) : [];
}

export function createNicIrpProvider(options: NicEinvoiceOptions): NicIrpProvider {
  const prepared = prepare(options, 'NIC e-invoice connector');
  const paths: EinvoicePaths = { ...nicEinvoicePaths, ...(options.paths ?? {}) };
  const url = (path: string): string => prepared.baseUrl + path;
  const now = options.now ?? Date.now;

  const login = async (gstin: string, refresh: boolean): Promise<ProviderResult<EinvoiceSession>> => {
    const creds = await prepared.credentials(gstin);
    if (!creds) return connectorRefusal(connectorCodes.noCredentials, `no e-invoice API credentials are configured for GSTIN ${gstin}`, 403);
    const appKey = newAppKey();
    const payload = Buffer.from(
      base64Json({ UserName: creds.username, Password: creds.password, AppKey: appKey.toString('base64'), ForceRefreshAccessToken: refresh }),
      'utf8',
    );
    if (payload.length > rsaCapacity(prepared.publicKey)) {
      return connectorRefusal(connectorCodes.misconfigured, `the e-invoice login of GSTIN ${gstin} is too long for one RSA block of the public key`, 500);
    }
    const request: WireRequest = {
      method: 'POST',
      url: url(paths.auth),
      headers: { client_id: options.clientId, client_secret: options.clientSecret, Gstin: gstin },
      body: { Data: rsaEncrypt(prepared.publicKey, payload) },
    };
    // The login itself is retried like any call, but never with a session.
    const attempt = await exchange<{ expiresAt: number }>(
      { tokens: noSession, wire: options, portal: 'e-invoice portal', tokenExpired: () => false },
      gstin,
      () => request,
    );
    if (!attempt.ok) return attempt;
    const env = attempt.envelope;
    if (!statusOk(env)) {
      const issues = einvoiceIssues(env['ErrorDetails'] ?? env['errorDetails']);
      const list = issues.length > 0 ? issues : [error(connectorCodes.loginRefused, 'the e-invoice portal refused the login without an error code')];
      return {
        ok: false,
        status: 502,
        errors: list.map((i) => ({ ...i, message: `e-invoice login for GSTIN ${gstin} refused: ${i.message}` })),
      };
    }
    const data = looseJson(env['Data'] ?? env['data']);
    if (!isObj(data) || typeof data['AuthToken'] !== 'string' || typeof data['Sek'] !== 'string') {
      return connectorRefusal(connectorCodes.badAnswer, 'the e-invoice portal accepted the login but sent no AuthToken or Sek', 502);
    }
    let sek: Buffer;
    try {
      sek = aesDecrypt(appKey, data['Sek']);
    } catch {
      return connectorRefusal(connectorCodes.badAnswer, 'the Sek of the e-invoice login cannot be decrypted with the AppKey sent', 502);
    }
    if (sek.length !== 32) return connectorRefusal(connectorCodes.badAnswer, `the Sek of the e-invoice login is ${sek.length} bytes, not 32`, 502);
    // Without a readable TokenExpiry, assume the sandbox's 60 minutes (the shorter of NIC's two).
    const expiresAt = istIsoToEpoch(data['TokenExpiry']) ?? now() + 60 * 60_000;
    return { ok: true, value: { expiresAt, authToken: data['AuthToken'], sek, username: String(data['UserName'] ?? creds.username) } };
  };

  const tokens = new TokenCache<EinvoiceSession>(login, { ...sessionOptions(options), portal: 'einvoice', codec: einvoiceCodec, now });
  const plan: ExchangePlan<EinvoiceSession> = {
    tokens,
    wire: options,
    portal: 'e-invoice portal',
    tokenExpired: (env) => !statusOk(env) && errorCodesOf(env).includes(TOKEN_EXPIRED),
  };

  const headers = (gstin: string, s: EinvoiceSession): Record<string, string> => ({
    client_id: options.clientId,
    client_secret: options.clientSecret,
    Gstin: gstin,
    user_name: s.username,
    AuthToken: s.authToken,
  });

  const post = (gstin: string, path: string, body: unknown): Promise<Exchanged<EinvoiceSession>> =>
    exchange(plan, gstin, (s) => ({
      method: 'POST',
      url: url(path),
      headers: headers(gstin, s),
      body: { Data: encryptJson(s.sek, body) },
    }));

  const get = (gstin: string, pathAndQuery: string): Promise<Exchanged<EinvoiceSession>> =>
    exchange(plan, gstin, (s) => ({ method: 'GET', url: url(pathAndQuery), headers: headers(gstin, s) }));

  /** The decrypted `Data` of a successful answer, or the refusal the answer carries. */
  const open = (ex: Exchanged<EinvoiceSession>): ProviderResult<{ data: Obj; env: Obj }> => {
    if (!ex.ok) return ex;
    const env = ex.envelope;
    if (!statusOk(env)) {
      const issues = einvoiceIssues(env['ErrorDetails'] ?? env['errorDetails']);
      return portalRefusal(issues.length > 0 ? issues : [error(connectorCodes.badAnswer, 'the e-invoice portal answered Status 0 without ErrorDetails')]);
    }
    const raw = env['Data'] ?? env['data'];
    try {
      const data = typeof raw === 'string' ? decryptJson(ex.session.sek, raw) : raw;
      if (!isObj(data)) throw new Error('not an object');
      return { ok: true, value: { data, env } };
    } catch {
      return connectorRefusal(connectorCodes.badAnswer, 'the e-invoice portal answered with Data that cannot be decrypted with the session key', 502);
    }
  };

  const record = (data: Obj, env: Obj | undefined, invoice?: IrnPayload): RegisteredIrn => {
    const r: RegisteredIrn = {
      Irn: String(data['Irn'] ?? ''),
      AckNo: String(data['AckNo'] ?? ''),
      AckDt: String(data['AckDt'] ?? ''),
      AckTime: isoToWire(data['AckDt']),
      IrnStatus: data['Status'] === 'CNL' ? 'CNL' : 'ACT',
      SignedInvoice: String(data['SignedInvoice'] ?? ''),
      SignedQRCode: String(data['SignedQRCode'] ?? ''),
      invoice: invoice ?? invoiceFromSigned(data['SignedInvoice']),
    };
    if (data['EwbNo'] !== null && data['EwbNo'] !== undefined && String(data['EwbNo']) !== '') {
      r.EwbNo = String(data['EwbNo']);
      r.EwbTime = isoToWire(data['EwbDt']);
      r.EwbValidTill = data['EwbValidTill'] ? isoToWire(data['EwbValidTill']) : null;
      r.EwbStatus = 'ACT';
    }
    const refused = env ? ewbErrors(env) : [];
    if (refused.length > 0) r.EwbErrors = refused;
    return r;
  };

  const byIrn = async (gstin: string, irn: string): Promise<ProviderResult<RegisteredIrn>> => {
    const opened = open(await get(gstin, paths.byIrn.replace('{irn}', encodeURIComponent(irn.trim()))));
    return opened.ok ? { ok: true, value: record(opened.value.data, undefined) } : opened;
  };

  const byDocument = async (gstin: string, doc: DocumentKey): Promise<ProviderResult<RegisteredIrn>> => {
    const q = new URLSearchParams({ doctype: doc.docType, docnum: doc.docNo, docdate: doc.docDate });
    const opened = open(await get(gstin, `${paths.byDocument}?${q.toString()}`));
    return opened.ok ? { ok: true, value: record(opened.value.data, undefined) } : opened;
  };

  const generateOnce = async (gstin: string, invoice: IrnPayload): Promise<ProviderResult<RegisteredIrn>> => {
    const ex = await post(gstin, paths.invoice, invoice);
    if (!ex.ok) return ex;
    if (!statusOk(ex.envelope) && errorCodesOf(ex.envelope).includes('2150')) {
      const dup = infoList(ex.envelope).find((i) => i['InfCd'] === 'DUPIRN');
      const desc = dup ? looseJson(dup['Desc']) : undefined;
      const d: Obj = isObj(desc) ? desc : {};
      if (ex.ambiguous) {
        // An earlier attempt of this very call may have registered the document and lost the
        // answer: the registered IRN is this call's success, never a second registration.
        const doc: Obj = { ...invoice.DocDtls };
        const existing = d['Irn']
          ? await byIrn(gstin, String(d['Irn']))
          : await byDocument(gstin, { docType: String(doc['Typ'] ?? ''), docNo: String(doc['No'] ?? ''), docDate: String(doc['Dt'] ?? '') });
        if (existing.ok) return { ok: true, value: { ...existing.value, invoice } };
      }
      const issues = einvoiceIssues(ex.envelope['ErrorDetails'] ?? ex.envelope['errorDetails']);
      return portalRefusal(issues, {
        ...(d['AckNo'] !== undefined ? { AckNo: String(d['AckNo']) } : {}),
        ...(d['AckDt'] !== undefined ? { AckDt: String(d['AckDt']), AckTime: isoToWire(d['AckDt']) } : {}),
        ...(d['Irn'] !== undefined ? { Irn: String(d['Irn']) } : {}),
      });
    }
    const opened = open(ex);
    return opened.ok ? { ok: true, value: record(opened.value.data, opened.value.env, invoice) } : opened;
  };

  // Identical generate calls in flight share one portal call: one registration, one answer.
  const inFlight = new Map<string, Promise<ProviderResult<RegisteredIrn>>>();

  const provider: NicIrpProvider = {
    get loginCount() {
      return tokens.loginCount;
    },

    async generateIrn(_ctx: ProviderContext, invoice) {
      const gstin = String(invoice.SellerDtls?.Gstin ?? '');
      const key = `${gstin}\u0000${createHash('sha256').update(JSON.stringify(invoice)).digest('hex')}`;
      const running = inFlight.get(key);
      if (running) return running;
      const started = generateOnce(gstin, invoice).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },

    async gstinDetails(callerGstin, gstin) {
      const opened = open(await get(callerGstin, paths.gstinDetails.replace('{gstin}', encodeURIComponent(gstin.trim().toUpperCase()))));
      return opened.ok ? { ok: true, value: opened.value.data } : opened;
    },

    async getIrn(_ctx, gstin, irn) {
      return byIrn(gstin, irn);
    },

    async getIrnByDocument(_ctx, gstin, doc) {
      return byDocument(gstin, doc);
    },

    async cancelIrn(_ctx, gstin, request: CancelIrnRequest) {
      const askedAt = now();
      const ex = await post(gstin, paths.cancel, { Irn: request.Irn, CnlRsn: String(request.CnlRsn), CnlRem: request.CnlRem });
      const opened = open(ex);
      if (opened.ok) {
        const d = opened.value.data;
        return { ok: true, value: { Irn: String(d['Irn'] ?? request.Irn), CancelDate: isoToWire(d['CancelDate']) } };
      }
      if (ex.ok && ex.ambiguous) {
        // A retry refused after a lost answer: if the IRN is now cancelled, the first attempt did it.
        // The portal's GET does not carry the cancel time, so the time of the request stands in.
        const now = await byIrn(gstin, request.Irn);
        if (now.ok && now.value.IrnStatus === 'CNL') return { ok: true, value: { Irn: now.value.Irn, CancelDate: istWire(askedAt) } };
      }
      return opened;
    },

    async generateEwbByIrn(_ctx, gstin, request) {
      const ex = await post(gstin, paths.ewbByIrn, request);
      const opened = open(ex);
      const generated = (d: Obj): EwbGenerated => ({
        EwbNo: String(d['EwbNo'] ?? ''),
        EwbTime: isoToWire(d['EwbDt']),
        EwbValidTill: d['EwbValidTill'] ? isoToWire(d['EwbValidTill']) : null,
        EwbStatus: 'ACT',
      });
      if (opened.ok) return { ok: true, value: generated(opened.value.data) };
      if (ex.ok && ex.ambiguous && typeof request['Irn'] === 'string') {
        // A retry refused because the IRN already has an e-waybill: the lost first attempt made it.
        const irn = await byIrn(gstin, request['Irn']);
        if (irn.ok && irn.value.EwbNo) {
          return {
            ok: true,
            value: { EwbNo: irn.value.EwbNo, EwbTime: irn.value.EwbTime ?? '', EwbValidTill: irn.value.EwbValidTill ?? null, EwbStatus: 'ACT' },
          };
        }
      }
      return opened;
    },
  };
  return provider;
}
