/**
 * NIC's e-waybill API as an `EwbProvider`: login with action ACCESSTOKEN
 * (`/ewaybillapi/v1.03/auth/`), POST actions on `/ewaybillapi/v1.03/ewayapi/` as
 * `{action, data}` with the data (the JSON's bytes) AES-encrypted under the session key, and the GET
 * actions whose answers come under a per-answer key (`rek`) with an HMAC (ewb-answer.ts). Protocol and
 * sources: docs/connectors.md.
 * @module
 */
import { createHash } from 'node:crypto';
import { error } from '../../issue.js';
import type { CancelEwbRequest, EwbGenerated, EwbProvider, EwbRecord, ProviderContext, ProviderResult } from '../../ports/index.js';
import type { EwbDetail } from '../../types/payloads.js';
import { nicMovementActions } from './ewaybill-movement.js';
import type { Kind } from '../../kinds.js';
import { normalize } from '../../normalize/normalize.js';
import { connectorCodes } from './codes.js';
import { aesDecrypt, base64Json, newAppKey, rsaCapacity, rsaEncrypt } from './crypto.js';
import { openEwbData } from './ewaybill-answer.js';
import { connectorRefusal, ewbErrorCodes, ewbIssues, portalRefusal } from './errors.js';
import { exchange, isObj, noSession, type ExchangePlan, type Exchanged, type Obj } from './exchange.js';
import { ewbTimeToWire, istIsoToEpoch, istWire, prepare, sessionOptions, type NicConnectorOptions } from './options.js';
import { encryptJson } from './symmetric-payload.js';
import { TokenCache, type SessionCodec } from './token-cache.js';

export interface EwbPaths {
  auth: string;
  /** POST actions; GET actions are appended to it (`GetEwayBill`, ...). */
  api: string;
}

export const nicEwbPaths: EwbPaths = {
  auth: '/ewaybillapi/v1.03/auth/',
  api: '/ewaybillapi/v1.03/ewayapi/',
};

export interface NicEwbOptions extends NicConnectorOptions {
  paths?: Partial<EwbPaths>;
}

interface EwbSession {
  expiresAt: number;
  authToken: string;
  sek: Buffer;
}

/** How an e-waybill session is kept (sealed, when kept in a store). */
const ewaybillCodec: SessionCodec<EwbSession> = {
  encode: (s) => ({ authToken: s.authToken, sek: s.sek.toString('base64') }),
  decode: ({ expiresAt, secrets }) => {
    const sek = Buffer.from(secrets['sek'] ?? '', 'base64');
    if (!secrets['authToken'] || sek.length !== 32) return undefined;
    return { expiresAt, authToken: secrets['authToken'], sek };
  },
};

/** The portal's codes for a token that is no longer valid (superseded by a newer login; expired). */
const TOKEN_EXPIRED = new Set(['238', '106']);

/** The e-waybill connector: the port, plus NIC's other POST actions for hosts that need them. */
export interface NicEwbProvider extends EwbProvider {
  readonly loginCount: number;
  /** Any POST action of the API (GENCEWB, MULTIVEHMOVINT, ...): the decrypted answer as the portal wrote it. */
  action(gstin: string, action: string, data: Obj): Promise<ProviderResult<Obj>>;
  updateVehicle: NonNullable<EwbProvider['updateVehicle']>;
  updateTransporter: NonNullable<EwbProvider['updateTransporter']>;
  extendValidity: NonNullable<EwbProvider['extendValidity']>;
  reject: NonNullable<EwbProvider['reject']>;
  /** The portal answers its lists whole. */
  listForTransporter(ctx: ProviderContext, gstin: string, date: string): Promise<ProviderResult<Obj[]>>;
  listRejectedByOthers(ctx: ProviderContext, gstin: string, date: string): Promise<ProviderResult<Obj[]>>;
}

const statusOk = (env: Obj): boolean => String(env['status'] ?? env['Status'] ?? '') === '1';

/** A number when the text is all digits (the portal's JSON uses numbers for ewbNo and codes). */
const numeric = (v: string | number): string | number => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v);

export function createNicEwbProvider(options: NicEwbOptions): NicEwbProvider {
  const prepared = prepare(options, 'NIC e-waybill connector');
  const paths: EwbPaths = { ...nicEwbPaths, ...(options.paths ?? {}) };
  const url = (path: string): string => prepared.baseUrl + path;
  const now = options.now ?? Date.now;

  const login = async (gstin: string): Promise<ProviderResult<EwbSession>> => {
    const creds = await prepared.credentials(gstin);
    if (!creds) return connectorRefusal(connectorCodes.noCredentials, `no e-waybill API credentials are configured for GSTIN ${gstin}`, 403);
    const appKey = newAppKey();
    const payload = Buffer.from(
      base64Json({ action: 'ACCESSTOKEN', username: creds.username, password: creds.password, app_key: appKey.toString('base64') }),
      'utf8',
    );
    if (payload.length > rsaCapacity(prepared.publicKey)) {
      return connectorRefusal(connectorCodes.misconfigured, `the e-waybill login of GSTIN ${gstin} is too long for one RSA block of the public key`, 500);
    }
    const body = { Data: rsaEncrypt(prepared.publicKey, payload) };
    const attempt = await exchange<{ expiresAt: number }>(
      { tokens: noSession, wire: options, portal: 'e-waybill portal', tokenExpired: () => false },
      gstin,
      () => ({ method: 'POST', url: url(paths.auth), headers: { 'client-id': options.clientId, 'client-secret': options.clientSecret, Gstin: gstin }, body }),
    );
    if (!attempt.ok) return attempt;
    const env = attempt.envelope;
    if (!statusOk(env)) {
      const issues =
        env['error'] !== undefined
          ? ewbIssues(env['error'])
          : [error(connectorCodes.loginRefused, 'the e-waybill portal refused the login without an error code')];
      return { ok: false, status: 502, errors: issues.map((i) => ({ ...i, message: `e-waybill login for GSTIN ${gstin} refused: ${i.message}` })) };
    }
    const token = env['authtoken'] ?? env['authToken'] ?? env['AuthToken'];
    const sekText = env['sek'] ?? env['Sek'];
    if (typeof token !== 'string' || typeof sekText !== 'string') {
      return connectorRefusal(connectorCodes.badAnswer, 'the e-waybill portal accepted the login but sent no authtoken or sek', 502);
    }
    let sek: Buffer;
    try {
      sek = aesDecrypt(appKey, sekText);
    } catch {
      return connectorRefusal(connectorCodes.badAnswer, 'the sek of the e-waybill login cannot be decrypted with the app_key sent', 502);
    }
    if (sek.length !== 32) return connectorRefusal(connectorCodes.badAnswer, `the sek of the e-waybill login is ${sek.length} bytes, not 32`, 502);
    // NIC documents 6 hours from login; an explicit expiry, when a portal sends one, wins.
    const expiresAt = istIsoToEpoch(env['tokenExpiry'] ?? env['TokenExpiry']) ?? now() + 360 * 60_000;
    return { ok: true, value: { expiresAt, authToken: token, sek } };
  };

  const tokens = new TokenCache<EwbSession>(login, { ...sessionOptions(options), portal: 'ewaybill', codec: ewaybillCodec, now });
  const plan: ExchangePlan<EwbSession> = {
    tokens,
    wire: options,
    portal: 'e-waybill portal',
    tokenExpired: (env) => !statusOk(env) && ewbErrorCodes(env['error']).codes.some((c) => TOKEN_EXPIRED.has(c)),
  };
  const headers = (gstin: string, s: EwbSession): Record<string, string> => ({
    'client-id': options.clientId,
    'client-secret': options.clientSecret,
    Gstin: gstin,
    authtoken: s.authToken,
  });

  const post = (gstin: string, action: string, data: Obj): Promise<Exchanged<EwbSession>> =>
    exchange(plan, gstin, (s) => ({
      method: 'POST',
      url: url(paths.api),
      headers: headers(gstin, s),
      // The AES plaintext is the JSON itself: NIC's table says Encrypt(Base64(JSON), sek), but its sample
      // EncryptBySymmetricKey base64-decodes its argument first (symmetric-payload.ts). Base64 of the
      // JSON under the sek is refused by the portal with 100, invalid JSON.
      body: { action, data: encryptJson(s.sek, data) },
    }));

  const get = (gstin: string, name: string, query: Record<string, string>): Promise<Exchanged<EwbSession>> =>
    exchange(plan, gstin, (s) => ({ method: 'GET', url: `${url(paths.api)}${name}?${new URLSearchParams(query).toString()}`, headers: headers(gstin, s) }));

  /** The decrypted data of an answer, or its refusal. GET answers carry `rek` (and `hmac`); POST answers do not. */
  const open = (ex: Exchanged<EwbSession>): ProviderResult<unknown> => {
    if (!ex.ok) return ex;
    const env = ex.envelope;
    if (!statusOk(env)) return portalRefusal(ewbIssues(env['error']));
    const data = env['data'] ?? env['Data'];
    if (typeof data !== 'string')
      return isObj(data) || Array.isArray(data)
        ? { ok: true, value: data }
        : connectorRefusal(connectorCodes.badAnswer, 'the e-waybill portal answered status 1 without data', 502);
    return openEwbData({ data, rek: env['rek'], hmac: env['hmac'] }, ex.session.sek);
  };

  const openObj = (ex: Exchanged<EwbSession>): ProviderResult<Obj> => {
    const out = open(ex);
    if (!out.ok) return out;
    return isObj(out.value)
      ? { ok: true, value: out.value }
      : connectorRefusal(connectorCodes.badAnswer, 'the e-waybill portal answered with data that is not an object', 502);
  };

  const openList = (ex: Exchanged<EwbSession>): ProviderResult<Obj[]> => {
    const out = open(ex);
    if (!out.ok) return out;
    if (Array.isArray(out.value)) return { ok: true, value: out.value.filter(isObj) };
    return connectorRefusal(connectorCodes.badAnswer, 'the e-waybill portal answered a list request with data that is not a list', 502);
  };

  const generated = (d: Obj): EwbGenerated => ({
    EwbNo: String(d['ewayBillNo'] ?? d['ewbNo'] ?? ''),
    EwbTime: ewbTimeToWire(d['ewayBillDate'] ?? d['ewbDate']),
    EwbValidTill: d['validUpto'] ? ewbTimeToWire(d['validUpto']) : null,
    EwbStatus: 'ACT',
  });

  const generateOnce = async (gstin: string, request: Obj): Promise<ProviderResult<EwbGenerated>> => {
    const ex = await post(gstin, 'GENEWAYBILL', request);
    const out = openObj(ex);
    if (out.ok) return { ok: true, value: generated(out.value) };
    if (ex.ok && ex.ambiguous && out.errors.some((i) => i.code === '604')) {
      // One document, one e-waybill: after a lost answer, 604 means the first attempt made it.
      const mine = openObj(
        await get(gstin, 'GetEwayBillGeneratedByConsigner', { docType: String(request['docType'] ?? ''), docNo: String(request['docNo'] ?? '') }),
      );
      if (mine.ok && (mine.value['ewayBillNo'] ?? mine.value['ewbNo'])) return { ok: true, value: generated(mine.value) };
    }
    return out;
  };

  /**
   * A POST action's answer read as the service's response kind, with the same normalization a stored
   * portal answer gets (12-hour AM/PM times to DD/MM/YYYY HH:MM:SS, numbers as text, the Success flag):
   * the fields `needs` must be there, else the answer is outside the protocol.
   */
  const answerAs = async <T>(gstin: string, action: string, data: Obj, kind: Kind, needs: readonly string[]): Promise<ProviderResult<T>> => {
    const out = openObj(await post(gstin, action, data));
    if (!out.ok) return out;
    // The answer came with status 1, so it is a success; the service's kinds keep NIC's field names.
    const read = normalize<Obj>(kind, { Success: true, ...out.value }).value;
    const missing = needs.filter((k) => read[k] === undefined);
    if (missing.length > 0) return connectorRefusal(connectorCodes.badAnswer, `the e-waybill portal answered ${action} without ${missing.join(', ')}`, 502);
    const { Success: _success, ...fields } = read;
    return { ok: true, value: fields as T };
  };

  /** A GET list read as the service's list kind (times, numbers and blanks as the other answers). */
  const listAs = (ex: Exchanged<EwbSession>, kind: Kind): ProviderResult<Obj[]> => {
    const out = openList(ex);
    if (!out.ok) return out;
    const read = normalize<Obj>(kind, out.value).value;
    return { ok: true, value: Array.isArray(read['Response']) ? (read['Response'] as Obj[]) : [] };
  };

  /**
   * A GetEwayBill answer read as the `ewb-detail` kind (12-hour AM/PM times as DD/MM/YYYY HH:MM:SS, numbers
   * and codes in their types): the record, which must at least carry its number.
   */
  const detailOf = (ex: Exchanged<EwbSession>): ProviderResult<EwbRecord> => {
    const out = openObj(ex);
    if (!out.ok) return out;
    const record = normalize<EwbDetail>('ewb-detail', { Success: true, Response: out.value }).value.Response;
    if (record === undefined || record.ewbNo === undefined) {
      return connectorRefusal(connectorCodes.badAnswer, 'the e-waybill portal answered GetEwayBill without ewbNo', 502);
    }
    return { ok: true, value: record };
  };

  /** The request fields the portal types as numbers (the canonical payloads keep ewbNo as text). */
  const wire = (request: object): Obj => {
    const out: Obj = { ...(request as Obj) };
    for (const key of ['ewbNo', 'fromState', 'fromPincode', 'remainingDistance']) {
      const v = out[key];
      if (typeof v === 'string' || typeof v === 'number') out[key] = numeric(v);
    }
    return out;
  };

  const inFlight = new Map<string, Promise<ProviderResult<EwbGenerated>>>();

  const provider: NicEwbProvider = {
    get loginCount() {
      return tokens.loginCount;
    },

    async generate(_ctx: ProviderContext, gstin, request) {
      // The port's type is the canonical request; a host calling from plain JavaScript may still pass anything.
      if (!isObj(request)) return connectorRefusal(connectorCodes.notObject, 'the e-waybill request must be a JSON object', 400);
      const key = `${gstin}\u0000${createHash('sha256').update(JSON.stringify(request)).digest('hex')}`;
      const running = inFlight.get(key);
      if (running) return running;
      const started = generateOnce(gstin, request).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },

    async get(_ctx, gstin, ewbNo) {
      return detailOf(await get(gstin, 'GetEwayBill', { ewbNo: ewbNo.trim() }));
    },

    async generatedForDocument(_ctx, gstin, doc) {
      const mine = openObj(await get(gstin, 'GetEwayBillGeneratedByConsigner', { docType: doc.docType, docNo: doc.docNo }));
      if (!mine.ok) return mine;
      if (!(mine.value['ewayBillNo'] ?? mine.value['ewbNo']))
        return connectorRefusal(connectorCodes.badAnswer, 'the e-waybill portal named no e-waybill for the document', 502);
      return { ok: true, value: generated(mine.value) };
    },

    async cancel(_ctx, gstin, request: CancelEwbRequest) {
      const askedAt = now();
      const ex = await post(gstin, 'CANEWB', { ewbNo: numeric(request.ewbNo), cancelRsnCode: numeric(request.cancelRsnCode), cancelRmrk: request.cancelRmrk });
      const out = openObj(ex);
      if (out.ok) return { ok: true, value: { CancelTime: ewbTimeToWire(out.value['cancelDate']) } };
      if (ex.ok && ex.ambiguous) {
        // Refused on a retry: if the e-waybill is now cancelled, the lost first attempt did it.
        const detail = openObj(await get(gstin, 'GetEwayBill', { ewbNo: String(request.ewbNo).trim() }));
        if (detail.ok && detail.value['status'] === 'CNL') return { ok: true, value: { CancelTime: istWire(askedAt) } };
      }
      return out;
    },

    async close() {
      return connectorRefusal(connectorCodes.unsupported, "NIC's e-waybill API has no taxpayer action to close an e-waybill", 501);
    },

    async listByDate(_ctx, gstin, date) {
      return openList(await get(gstin, 'GetEwayBillsByDate', { date }));
    },

    async listOfOtherParty(_ctx, gstin, date) {
      return openList(await get(gstin, 'GetEwayBillsofOtherParty', { date }));
    },

    async action(gstin, action, data) {
      return openObj(await post(gstin, action, data));
    },
    updateVehicle(_ctx, gstin, request) {
      return answerAs(gstin, 'VEHEWB', wire(request), 'update-vehicle-response', ['vehUpdDate']);
    },
    extendValidity(_ctx, gstin, request) {
      return answerAs(gstin, 'EXTENDVALIDITY', wire(request), 'extend-validity-response', ['updatedDate', 'validUpto']);
    },
    reject(_ctx, gstin, request) {
      return answerAs(gstin, 'REJEWB', wire({ ewbNo: request.ewbNo }), 'reject-ewb-response', ['ewbRejectedDate']);
    },
    updateTransporter(_ctx, gstin, request) {
      return answerAs(gstin, 'UPDATETRANSPORTER', wire({ ewbNo: request.ewbNo, transporterId: request.transporterId }), 'update-transporter-response', [
        'transUpdateDate',
      ]);
    },
    async listForTransporter(_ctx, gstin, date) {
      return listAs(await get(gstin, 'GetEwayBillsForTransporter', { date }), 'ewb-list-for-transporter');
    },
    async listRejectedByOthers(_ctx, gstin, date) {
      return listAs(await get(gstin, 'GetEwayBillsRejectedByOthers', { date }), 'ewb-list-rejected');
    },
    ...nicMovementActions({
      post: (gstin, action, data) => provider.action(gstin, action, data),
      get: async (gstin, name, query) => openObj(await get(gstin, name, query)),
    }),
  };
  return provider;
}
