/**
 * A wire-level fake of NIC's e-invoice and e-waybill APIs for tests, on loopback: RSA login
 * (PKCS#1 v1.5 with its own key pair), session keys under the AppKey, AES-256-ECB payloads,
 * token expiry (1005; 238 when a newer login superseded the token), duplicates (2150 with DUPIRN,
 * 604), and faults on demand: 500s, connections dropped before or after the portal acted, slow
 * answers. It implements the published protocol as NIC's sample functions behave
 * (fake-nic-crypto.ts), independently of the connector's code: request data that decrypts to
 * anything but JSON bytes is refused (e-waybill 100, as the portal answers invalid JSON).
 */
import { createHash, createHmac, generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encryptBySymmetricKey, encryptJsonAnswer, readJsonRequest, readLoginData, type ReadData } from './fake-nic-crypto.js';

type Obj = Record<string, unknown>;

export type FaultMode = 'status500' | 'dropBefore' | 'dropAfter' | 'slow';

export interface Fault {
  /** Matches when the request path contains it. */
  path: string;
  method?: 'GET' | 'POST';
  /** E-waybill POST action to match (GENEWAYBILL, ...). */
  action?: string;
  mode: FaultMode;
  /** How many requests it hits; default 1. */
  times?: number;
  /** For `slow`: the delay before answering (the portal acts first). */
  delayMs?: number;
}

export interface FakeNicOptions {
  clientId?: string;
  clientSecret?: string;
  users: Record<string, { username: string; password: string }>;
  /** The IRP's taxpayer master, for GSTIN details. */
  taxpayers?: Record<string, Obj>;
  /** E-invoice token lifetime; default 60 minutes (NIC sandbox). */
  tokenLifetimeMs?: number;
  now?: () => number;
}

interface Token {
  token: string;
  gstin: string;
  sek: Buffer;
  expiresAt: number;
  service: 'einv' | 'ewb';
}

interface IrnEntry {
  gstin: string;
  irn: string;
  ackNo: number;
  ackDt: string;
  doc: { typ: string; no: string; dt: string };
  invoice: Obj;
  status: 'ACT' | 'CNL';
  signedInvoice: string;
  signedQr: string;
  ewb?: { no: number; dt: string; validTill: string | null };
}

interface EwbEntry {
  ewbNo: number;
  gstin: string;
  request: Obj;
  generatedAt: string;
  rejectedAt?: string;
  validUpto: string | null;
  status: 'ACT' | 'CNL';
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

function ist(epoch: number): Date {
  return new Date(epoch + 330 * 60_000);
}
/** yyyy-MM-dd HH:mm:ss IST */
function isoIst(epoch: number): string {
  const d = ist(epoch);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}
/** dd/MM/yyyy hh:mm:ss AM|PM IST, the e-waybill portal's form */
function ewbIst(epoch: number): string {
  const d = ist(epoch);
  const h = d.getUTCHours();
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad2(h12)}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A key under another key, as the portal sends the Sek (under the AppKey) and the rek (under the Sek). */
function keyUnder(key: Buffer, wrapping: Buffer): string {
  return encryptBySymmetricKey(key.toString('base64'), wrapping);
}

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const isToken = (x: Token | Obj): x is Token => Buffer.isBuffer((x as Obj)['sek']);

function financialYear(dt: string): string {
  const [, m, y] = dt.split('/').map(Number) as [number, number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${pad2((start + 1) % 100)}`;
}

export class FakeNic {
  readonly publicKeyPem: string;
  private readonly privateKey: KeyObject;
  readonly clientId: string;
  readonly clientSecret: string;
  private readonly server: Server;
  private readonly tokens = new Map<string, Token>();
  private readonly irns = new Map<string, IrnEntry>();
  private readonly ewbs = new Map<number, EwbEntry>();
  private faults: Fault[] = [];
  private ackSeq = 0;
  private ewbSeq = 0;
  /** Every login, in order: service, GSTIN and the ForceRefreshAccessToken flag. */
  readonly logins: Array<{ service: 'einv' | 'ewb'; gstin: string; force?: boolean }> = [];
  /** Every request: method, path and headers. */
  readonly requests: Array<{ method: string; path: string; headers: Record<string, string | string[] | undefined>; body: string }> = [];
  /** The portal's actions that took effect (registrations, cancellations). */
  readonly acted: string[] = [];
  /** Every e-waybill POST action with its decrypted data, in order. */
  readonly ewbPosts: Array<{ action: string; data: Obj }> = [];
  private tripSeq = 0;
  baseUrl = '';

  constructor(private readonly options: FakeNicOptions) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = pair.privateKey;
    this.publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.clientId = options.clientId ?? 'fake-client-id';
    this.clientSecret = options.clientSecret ?? 'fake-client-secret';
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  inject(fault: Fault): void {
    this.faults.push({ times: 1, ...fault });
  }

  /** Ends every session on the portal's side (as after the token lifetime). */
  expireTokens(): void {
    for (const t of this.tokens.values()) t.expiresAt = 0;
  }

  irnCount(): number {
    return this.irns.size;
  }

  ewbCount(): number {
    return this.ewbs.size;
  }

  // ---- plumbing -------------------------------------------------------------------------------

  private takeFault(method: string, path: string, action: string | undefined): Fault | undefined {
    const i = this.faults.findIndex((f) => path.includes(f.path) && (!f.method || f.method === method) && (!f.action || f.action === action));
    if (i < 0) return undefined;
    const f = this.faults[i]!;
    f.times = (f.times ?? 1) - 1;
    if (f.times <= 0) this.faults.splice(i, 1);
    return f;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname + url.search, headers: req.headers, body: text });
    let body: Obj = {};
    try {
      body = text ? (JSON.parse(text) as Obj) : {};
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad json');
      return;
    }
    const action = typeof body['action'] === 'string' ? body['action'] : undefined;
    const fault = this.takeFault(method, url.pathname, action);
    if (fault?.mode === 'status500') {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<html>Internal Server Error</html>');
      return;
    }
    if (fault?.mode === 'dropBefore') {
      req.socket.destroy();
      return;
    }
    const answer = this.route(method, url, req.headers, body);
    if (fault?.mode === 'dropAfter') {
      req.socket.destroy();
      return;
    }
    if (fault?.mode === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 2000));
    if (res.destroyed || req.socket.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  }

  private header(h: IncomingMessage['headers'], name: string): string {
    const v = h[name.toLowerCase()];
    return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
  }

  private route(method: string, url: URL, h: IncomingMessage['headers'], body: Obj): Obj {
    const p = url.pathname;
    if (method === 'POST' && p === '/eivital/v1.04/auth') return this.einvAuth(h, body);
    if (p.startsWith('/eicore/') || p.startsWith('/eiewb/') || p.startsWith('/eivital/v1.04/Master/')) {
      const t = this.einvSession(h);
      if (!isToken(t)) return t;
      if (method === 'POST' && p === '/eicore/v1.03/Invoice') return this.generate(t, body);
      if (method === 'GET' && p.startsWith('/eicore/v1.03/Invoice/irn/'))
        return this.byIrn(t, decodeURIComponent(p.slice('/eicore/v1.03/Invoice/irn/'.length)));
      if (method === 'GET' && p === '/eicore/v1.03/Invoice/irnbydocdetails') return this.byDoc(t, url.searchParams);
      if (method === 'POST' && p === '/eicore/v1.03/Invoice/Cancel') return this.cancelIrn(t, body);
      if (method === 'POST' && p === '/eiewb/v1.03/ewaybill') return this.ewbByIrn(t, body);
      if (method === 'GET' && p.startsWith('/eivital/v1.04/Master/gstin/'))
        return this.gstinDetails(t, decodeURIComponent(p.slice('/eivital/v1.04/Master/gstin/'.length)));
    }
    if (method === 'POST' && (p === '/ewaybillapi/v1.03/auth/' || p === '/ewaybillapi/v1.03/auth')) return this.ewbAuth(h, body);
    if (p.startsWith('/ewaybillapi/v1.03/ewayapi')) {
      const t = this.ewbSession(h);
      if (!isToken(t)) return t;
      if (method === 'POST') return this.ewbAction(t, body);
      return this.ewbGet(t, p.replace(/^\/ewaybillapi\/v1\.03\/ewayapi\/?/, ''), url.searchParams);
    }
    return { Status: 0, ErrorDetails: [{ ErrorCode: '404', ErrorMessage: `no such path ${p}` }] };
  }

  // ---- e-invoice ----------------------------------------------------------------------------

  private einvError(code: string, message: string, info?: Obj[]): Obj {
    return { Status: 0, Data: null, ErrorDetails: [{ ErrorCode: code, ErrorMessage: message }], InfoDtls: info ?? null };
  }

  private einvAuth(h: IncomingMessage['headers'], body: Obj): Obj {
    if (this.header(h, 'client_id') !== this.clientId || this.header(h, 'client_secret') !== this.clientSecret)
      return this.einvError('1010', 'Invalid Client-ID/Client-Secret');
    const gstin = this.header(h, 'gstin');
    let creds: Obj;
    try {
      creds = readLoginData(this.privateKey, body['Data']);
    } catch {
      return this.einvError('1013', 'Decryption of password failed. Use correct public key');
    }
    const user = this.options.users[gstin];
    if (!user || creds['UserName'] !== user.username || creds['Password'] !== user.password) return this.einvError('1008', 'Invalid login credentials');
    const appKey = Buffer.from(String(creds['AppKey'] ?? ''), 'base64');
    if (appKey.length !== 32) return this.einvError('1016', 'Decryption of App Key failed');
    const force = creds['ForceRefreshAccessToken'] === true || creds['ForceRefreshAccessToken'] === 'true';
    this.logins.push({ service: 'einv', gstin, force });
    const lifetime = this.options.tokenLifetimeMs ?? 60 * 60_000;
    // Within the lifetime the same token comes back, unless a refresh is forced.
    let t = [...this.tokens.values()].find((x) => x.service === 'einv' && x.gstin === gstin && x.expiresAt > this.now());
    if (!t || force) {
      t = {
        token: randomUUID().replace(/-/g, '').slice(0, 25),
        gstin,
        sek: randomBytes(32),
        expiresAt: Math.floor(this.now() / 1000) * 1000 + lifetime,
        service: 'einv',
      };
      this.tokens.set(t.token, t);
    }
    return {
      Status: 1,
      Data: { ClientId: this.clientId, UserName: user.username, AuthToken: t.token, Sek: keyUnder(t.sek, appKey), TokenExpiry: isoIst(t.expiresAt) },
      ErrorDetails: null,
      InfoDtls: null,
    };
  }

  private einvSession(h: IncomingMessage['headers']): Token | Obj {
    if (this.header(h, 'client_id') !== this.clientId || this.header(h, 'client_secret') !== this.clientSecret)
      return this.einvError('1010', 'Invalid Client-ID/Client-Secret');
    const t = this.tokens.get(this.header(h, 'authtoken'));
    const gstin = this.header(h, 'gstin');
    if (t?.service !== 'einv' || t.expiresAt <= this.now() || t.gstin !== gstin || !this.header(h, 'user_name')) return this.einvError('1005', 'Invalid Token');
    return t;
  }

  private einvData(t: Token, data: Obj, info: Obj[] | null = null): Obj {
    return { Status: 1, Data: encryptJsonAnswer(data, t.sek), ErrorDetails: null, InfoDtls: info };
  }

  /** A POST's `Data`: the JSON object under the Sek, or undefined when it does not decrypt to one. */
  private einvRead(t: Token, body: Obj): Obj | undefined {
    const read = readJsonRequest(body['Data'], t.sek);
    return read.ok && isObject(read.value) ? read.value : undefined;
  }

  /** NIC publishes no code of its own for Data that is not encrypted JSON; 2140 (not the request schema) stands in. */
  private einvUnreadable(): Obj {
    return this.einvError('2140', 'Data is not JSON encrypted with the session key');
  }

  private jws(claims: Obj): string {
    const head = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = sign('sha256', Buffer.from(`${head}.${payload}`), this.privateKey).toString('base64url');
    return `${head}.${payload}.${signature}`;
  }

  private irnData(e: IrnEntry): Obj {
    return {
      AckNo: e.ackNo,
      AckDt: e.ackDt,
      Irn: e.irn,
      SignedInvoice: e.signedInvoice,
      SignedQRCode: e.signedQr,
      Status: e.status,
      EwbNo: e.ewb?.no ?? null,
      EwbDt: e.ewb?.dt ?? null,
      EwbValidTill: e.ewb?.validTill ?? null,
      Remarks: null,
    };
  }

  private generate(t: Token, body: Obj): Obj {
    const inv = this.einvRead(t, body);
    if (!inv) return this.einvUnreadable();
    const seller = (inv['SellerDtls'] ?? {}) as Obj;
    const doc = (inv['DocDtls'] ?? {}) as Obj;
    if (seller['Gstin'] !== t.gstin) return this.einvError('2143', 'GSTIN of the seller does not match the GSTIN of the token');
    const typ = String(doc['Typ'] ?? '');
    const no = String(doc['No'] ?? '');
    const dt = String(doc['Dt'] ?? '');
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(dt)) return this.einvError('2144', 'Invalid document date');
    const irn = createHash('sha256')
      .update(`${t.gstin}${financialYear(dt)}${typ}${no}`)
      .digest('hex');
    const existing = this.irns.get(irn);
    if (existing) {
      return this.einvError('2150', 'Duplicate IRN', [{ InfCd: 'DUPIRN', Desc: { AckNo: existing.ackNo, AckDt: existing.ackDt, Irn: irn } }]);
    }
    const at = this.now();
    const ackNo = Number(`1${String(new Date(at).getUTCFullYear()).slice(2)}${String(++this.ackSeq).padStart(12, '0')}`);
    const ackDt = isoIst(at);
    const items = Array.isArray(inv['ItemList']) ? (inv['ItemList'] as Obj[]) : [];
    const buyer = (inv['BuyerDtls'] ?? {}) as Obj;
    const val = (inv['ValDtls'] ?? {}) as Obj;
    const entry: IrnEntry = {
      gstin: t.gstin,
      irn,
      ackNo,
      ackDt,
      doc: { typ, no, dt },
      invoice: inv,
      status: 'ACT',
      signedInvoice: this.jws({ data: JSON.stringify({ AckNo: ackNo, AckDt: ackDt, Irn: irn, ...inv }), iss: 'NIC Sandbox' }),
      signedQr: this.jws({
        data: JSON.stringify({
          SellerGstin: t.gstin,
          BuyerGstin: buyer['Gstin'],
          DocNo: no,
          DocTyp: typ,
          DocDt: dt,
          TotInvVal: val['TotInvVal'],
          ItemCnt: items.length,
          MainHsnCode: items[0]?.['HsnCd'] ?? '',
          Irn: irn,
          IrnDt: ackDt,
        }),
        iss: 'NIC Sandbox',
      }),
    };
    this.irns.set(irn, entry);
    this.acted.push(`IRN ${irn}`);
    return this.einvData(t, this.irnData(entry));
  }

  private byIrn(t: Token, irn: string): Obj {
    const e = this.irns.get(irn);
    if (!e || e.gstin !== t.gstin) return this.einvError('2154', 'IRN details are not found');
    return this.einvData(t, this.irnData(e));
  }

  private byDoc(t: Token, q: URLSearchParams): Obj {
    const e = [...this.irns.values()].find(
      (x) => x.gstin === t.gstin && x.doc.typ === q.get('doctype') && x.doc.no === q.get('docnum') && x.doc.dt === q.get('docdate'),
    );
    if (!e) return this.einvError('2154', 'IRN details are not found');
    return this.einvData(t, this.irnData(e));
  }

  private cancelIrn(t: Token, body: Obj): Obj {
    const req = this.einvRead(t, body);
    if (!req) return this.einvUnreadable();
    const e = this.irns.get(String(req['Irn'] ?? ''));
    if (!e || e.gstin !== t.gstin) return this.einvError('2154', 'IRN details are not found');
    if (e.status === 'CNL') return this.einvError('9999', 'Invoice is not active');
    if (e.ewb) return this.einvError('2230', 'This IRN cannot be cancelled because e-way bill has been generated');
    e.status = 'CNL';
    this.acted.push(`CNL ${e.irn}`);
    return this.einvData(t, { Irn: e.irn, CancelDate: isoIst(this.now()) });
  }

  private ewbByIrn(t: Token, body: Obj): Obj {
    const req = this.einvRead(t, body);
    if (!req) return this.einvUnreadable();
    const e = this.irns.get(String(req['Irn'] ?? ''));
    if (!e || e.gstin !== t.gstin) return this.einvError('4000', 'IRN is not found or not active');
    if (e.ewb) return this.einvError('4002', 'EwayBill is already generated for this IRN');
    const at = this.now();
    const ewbNo = 391000000000 + ++this.ewbSeq;
    const validTill = req['VehNo'] ? isoIst(at + 86_400_000).slice(0, 11) + '23:59:00' : null;
    e.ewb = { no: ewbNo, dt: isoIst(at), validTill };
    this.ewbs.set(ewbNo, {
      ewbNo,
      gstin: t.gstin,
      request: { docType: 'INV', docNo: e.doc.no, docDate: e.doc.dt, fromGstin: t.gstin, irn: e.irn },
      generatedAt: ewbIst(at),
      validUpto: validTill ? ewbIst(Date.parse(validTill.replace(' ', 'T') + '+05:30')) : null,
      status: 'ACT',
    });
    this.acted.push(`EWB ${ewbNo}`);
    return this.einvData(t, { EwbNo: ewbNo, EwbDt: e.ewb.dt, EwbValidTill: validTill, Remarks: null });
  }

  private gstinDetails(t: Token, gstin: string): Obj {
    const known = this.options.taxpayers?.[gstin];
    if (!known) return this.einvError('3028', 'GSTIN is not present in the taxpayer master');
    return this.einvData(t, { Gstin: gstin, ...known });
  }

  // ---- e-waybill ----------------------------------------------------------------------------

  private ewbError(...codes: string[]): Obj {
    return { status: '0', error: Buffer.from(JSON.stringify({ errorCodes: codes.join(',') + ',' })).toString('base64') };
  }

  private ewbAuth(h: IncomingMessage['headers'], body: Obj): Obj {
    if (this.header(h, 'client-id') !== this.clientId || this.header(h, 'client-secret') !== this.clientSecret) return this.ewbError('110');
    const gstin = this.header(h, 'gstin');
    let creds: Obj;
    try {
      creds = readLoginData(this.privateKey, body['Data']);
    } catch {
      return this.ewbError('109');
    }
    const user = this.options.users[gstin];
    if (creds['action'] !== 'ACCESSTOKEN') return this.ewbError('100');
    if (!user || creds['username'] !== user.username || creds['password'] !== user.password) return this.ewbError('108');
    const appKey = Buffer.from(String(creds['app_key'] ?? ''), 'base64');
    if (appKey.length !== 32) return this.ewbError('109');
    this.logins.push({ service: 'ewb', gstin });
    // A new login supersedes the GSTIN's earlier token (the old one then answers 238).
    for (const [k, v] of this.tokens) if (v.service === 'ewb' && v.gstin === gstin) this.tokens.delete(k);
    const t: Token = { token: randomUUID(), gstin, sek: randomBytes(32), expiresAt: this.now() + 360 * 60_000, service: 'ewb' };
    this.tokens.set(t.token, t);
    return { status: '1', authtoken: t.token, sek: keyUnder(t.sek, appKey) };
  }

  private ewbSession(h: IncomingMessage['headers']): Token | Obj {
    if (this.header(h, 'client-id') !== this.clientId || this.header(h, 'client-secret') !== this.clientSecret) return this.ewbError('110');
    const t = this.tokens.get(this.header(h, 'authtoken'));
    if (t?.service !== 'ewb' || t.gstin !== this.header(h, 'gstin')) return this.ewbError('238');
    if (t.expiresAt <= this.now()) return this.ewbError('106');
    return t;
  }

  /** A POST answer: "Encrypt(Base64(Response JSON), sek)" in NIC's table, made with the sample function. */
  private ewbData(t: Token, data: unknown): Obj {
    return { status: '1', data: encryptJsonAnswer(data, t.sek) };
  }

  /** A GET answer: data under a fresh rek, the rek under the sek, and the HMAC-SHA256 under the rek of the base64 JSON (NIC's words). */
  private ewbGetData(t: Token, data: unknown): Obj {
    const rek = randomBytes(32);
    const b64 = Buffer.from(JSON.stringify(data)).toString('base64');
    return {
      status: '1',
      data: encryptJsonAnswer(data, rek),
      rek: keyUnder(rek, t.sek),
      hmac: createHmac('sha256', rek).update(b64, 'utf8').digest('base64'),
    };
  }

  /** A POST's data read as the portal reads it: 109 when it does not decrypt, 100 when the plaintext is not a JSON object. */
  private ewbRead(t: Token, body: Obj): ReadData {
    const read = readJsonRequest(body['data'], t.sek);
    return read.ok && !isObject(read.value) ? { ok: false, reason: 'not-json' } : read;
  }

  private ewbAction(t: Token, body: Obj): Obj {
    const read = this.ewbRead(t, body);
    if (!read.ok) return this.ewbError(read.reason === 'undecryptable' ? '109' : '100');
    const data = read.value as Obj;
    const at = this.now();
    this.ewbPosts.push({ action: String(body['action']), data });
    switch (body['action']) {
      case 'GENCEWB':
      case 'REGENTRIPSHEET': {
        const members = Array.isArray(data['tripSheetEwbBills']) ? (data['tripSheetEwbBills'] as Obj[]) : [];
        if (members.some((m) => !this.ewbs.has(Number(m['ewbNo'])))) return this.ewbError('325');
        return this.ewbData(t, { cEwbNo: 1210000000 + ++this.tripSeq, cEwbDate: ewbIst(at) });
      }
      case 'MULTIVEHMOVINT': {
        if (!this.ewbs.has(Number(data['ewbNo']))) return this.ewbError('325');
        return this.ewbData(t, { ewbNo: Number(data['ewbNo']), groupNo: 1, createdDate: ewbIst(at) });
      }
      case 'MULTIVEHADD':
        return this.ewbData(t, { ewbNo: Number(data['ewbNo']), groupNo: Number(data['groupNo']), vehAddedDate: ewbIst(at) });
      case 'MULTIVEHUPD':
        return Number(data['groupNo']) === 1 ? this.ewbData(t, { vehUpdDate: ewbIst(at) }) : this.ewbError('405');
      case 'GENEWAYBILL': {
        const dup = [...this.ewbs.values()].find(
          (e) => e.gstin === t.gstin && e.request['docType'] === data['docType'] && e.request['docNo'] === data['docNo'] && e.status === 'ACT',
        );
        if (dup) return this.ewbError('604');
        const ewbNo = 391000000000 + ++this.ewbSeq;
        const validUpto = data['vehicleNo'] ? ewbIst(at + 86_400_000).slice(0, 11) + '11:59:00 PM' : null;
        this.ewbs.set(ewbNo, { ewbNo, gstin: t.gstin, request: data, generatedAt: ewbIst(at), validUpto, status: 'ACT' });
        this.acted.push(`EWB ${ewbNo}`);
        return this.ewbData(t, { ewayBillNo: ewbNo, ewayBillDate: ewbIst(at), validUpto, alert: '' });
      }
      case 'CANEWB': {
        const e = this.ewbs.get(Number(data['ewbNo']));
        if (!e || e.gstin !== t.gstin || e.status === 'CNL') return this.ewbError('312');
        e.status = 'CNL';
        this.acted.push(`CNL ${e.ewbNo}`);
        return this.ewbData(t, { ewayBillNo: e.ewbNo, cancelDate: ewbIst(at) });
      }
      case 'REJEWB': {
        const e = this.ewbs.get(Number(data['ewbNo']));
        if (!e) return this.ewbError('325');
        e.rejectedAt = ewbIst(at);
        return this.ewbData(t, { ewayBillNo: e.ewbNo, ewbRejectedDate: ewbIst(at) });
      }
      case 'UPDATETRANSPORTER': {
        const e = this.ewbs.get(Number(data['ewbNo']));
        if (!e) return this.ewbError('325');
        e.request = { ...e.request, transporterId: data['transporterId'] };
        return this.ewbData(t, { ewayBillNo: e.ewbNo, transporterId: data['transporterId'], transUpdateDate: ewbIst(at) });
      }
      case 'VEHEWB':
      case 'EXTENDVALIDITY': {
        const e = this.ewbs.get(Number(data['ewbNo']));
        if (!e) return this.ewbError('325');
        e.validUpto = ewbIst(at + 86_400_000).slice(0, 11) + '11:59:00 PM';
        return this.ewbData(
          t,
          body['action'] === 'VEHEWB'
            ? { vehUpdDate: ewbIst(at), validUpto: e.validUpto }
            : { ewayBillNo: e.ewbNo, updatedDate: ewbIst(at), validUpto: e.validUpto },
        );
      }
      default:
        return this.ewbError('100');
    }
  }

  private ewbGet(t: Token, name: string, q: URLSearchParams): Obj {
    switch (name) {
      case 'GetEwayBill': {
        const e = this.ewbs.get(Number(q.get('ewbNo')));
        if (!e) return this.ewbError('325');
        return this.ewbGetData(t, {
          ...e.request,
          ewbNo: e.ewbNo,
          ewayBillDate: e.generatedAt,
          genMode: 'API',
          userGstin: e.gstin,
          status: e.status,
          validUpto: e.validUpto,
          extendedTimes: 0,
          rejectStatus: 'N',
        });
      }
      case 'GetEwayBillGeneratedByConsigner': {
        const e = [...this.ewbs.values()].find(
          (x) => x.gstin === t.gstin && x.request['docType'] === q.get('docType') && x.request['docNo'] === q.get('docNo') && x.status === 'ACT',
        );
        if (!e) return this.ewbError('325');
        return this.ewbGetData(t, { ewayBillNo: e.ewbNo, ewayBillDate: e.generatedAt, validUpto: e.validUpto, alert: null });
      }
      case 'GetTripSheet':
        return this.ewbGetData(t, {
          tripSheetNo: Number(q.get('tripSheetNo')),
          tripSheetEwbBills: [...this.ewbs.values()].slice(0, 1).map((e) => ({ ewbNo: e.ewbNo })),
        });
      case 'GetEwayBillsByDate':
        return this.ewbGetData(
          t,
          [...this.ewbs.values()]
            .filter((e) => e.gstin === t.gstin && e.status === 'ACT' && e.generatedAt.startsWith(q.get('date') ?? '?'))
            .map((e) => ({
              ewbNo: e.ewbNo,
              ewbDate: e.generatedAt,
              status: e.status,
              genGstin: e.gstin,
              docNo: e.request['docNo'],
              docDate: e.request['docDate'],
              validUpto: e.validUpto,
            })),
        );
      case 'GetEwayBillsForTransporter':
        return this.ewbGetData(
          t,
          [...this.ewbs.values()]
            .filter((e) => e.request['transporterId'] === t.gstin && e.status === 'ACT' && e.generatedAt.startsWith(q.get('date') ?? '?'))
            .map((e) => ({
              ewbNo: e.ewbNo,
              ewbDate: e.generatedAt,
              status: e.status,
              genGstin: e.gstin,
              docNo: e.request['docNo'],
              docDate: e.request['docDate'],
              delPinCode: String(e.request['toPincode']),
              delStateCode: e.request['toStateCode'],
              delPlace: e.request['toPlace'],
              validUpto: e.validUpto,
              extendedTimes: 0,
              rejectStatus: 'N',
            })),
        );
      case 'GetEwayBillsRejectedByOthers':
        return this.ewbGetData(
          t,
          [...this.ewbs.values()]
            .filter((e) => e.gstin === t.gstin && e.rejectedAt && e.generatedAt.startsWith(q.get('date') ?? '?'))
            .map((e) => ({
              ewbNo: e.ewbNo,
              ewbDate: e.generatedAt,
              status: e.status,
              genGstin: e.gstin,
              docNo: e.request['docNo'],
              docDate: e.request['docDate'],
              validUpto: e.validUpto,
              rejectStatus: 'Y',
              rejectedDate: e.rejectedAt,
            })),
        );
      case 'GetEwayBillsofOtherParty':
        return this.ewbGetData(
          t,
          [...this.ewbs.values()]
            .filter((e) => e.request['toGstin'] === t.gstin && e.generatedAt.startsWith(q.get('date') ?? '?'))
            .map((e) => ({ ewbNo: e.ewbNo, ewayBillDate: e.generatedAt, genGstin: e.gstin, docNo: e.request['docNo'], status: e.status, rejectStatus: 'N' })),
        );
      default:
        return this.ewbError('100');
    }
  }
}
