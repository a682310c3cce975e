/**
 * A fake GSTN taxpayer API behind a fake GSP, as a fetch function, written from the published protocol
 * (docs/gstn-connector.md, "Protocol") rather than from the connector: its own RSA key pair, OTPREQUEST,
 * AUTHTOKEN, REFRESHTOKEN, LOGOUT and token lapse on its own clock; GSTR-2A (a B2B section large enough
 * answers `{est, token}`, then FILEDET answers RTN_24 a few times, then the parts), GSTR-2B paged by
 * `file_num`, GSTR-3B, IMS and GSTR-1 with EVC filing; and faults to inject (an answer dropped before or
 * after the portal acts, a 500, a slow answer, a corrupt file part).
 */
import { createCipheriv, createDecipheriv, createHmac, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { rsaPkcs1Decrypt, strictBase64 } from './fake-nic-crypto.js';
import { b2bInvoices, filePart, supplierGstin } from './fake-gstn-files.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const FAKE_GSTN_URL = 'https://gsp.fake.test/gus';
export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_CLIENT_SECRET = 'fake-client-secret-4f1e';

export interface FakeUser {
  username: string;
  otp: string;
  /** The authorised signatory's PAN and EVC OTP. */
  pan: string;
  evcOtp: string;
}

export interface Fault {
  /** The request's action (OTPREQUEST, B2B, GET2B, RETFILE, FILEDET, ...), or FILE for a part's download. */
  action: string;
  kind: 'drop-before' | 'drop-after' | 'status-500' | 'slow' | 'bad-hash';
  /** How many matching requests it hits. Default 1. */
  times?: number;
  delayMs?: number;
}

export interface FakeGstnOptions {
  clock: { now(): Date };
  users: Record<string, FakeUser>;
  /** `expiry` reported by AUTHTOKEN and REFRESHTOKEN, minutes; the token lapses after it. Default 360. */
  tokenMinutes?: number;
  /** How long the taxpayer's API access lasts from the OTP (REFRESHTOKEN refuses after). Default 30 days. */
  accessMinutes?: number;
  /** GSTR-2A B2B invoices per period. Default 120. */
  b2bCount?: number;
  /** Above this many B2B invoices the section goes through the file download. Default 10 000. */
  largeThreshold?: number;
  /** Invoices per file part. Default 2 500. */
  partSize?: number;
  /** FILEDET answers RTN_24 this many times before the files are ready. Default 1. */
  notReadyPolls?: number;
  /** GSTR-2B pages (`fc`); 1 answers the statement at once. Default 3. */
  pages2b?: number;
  /** GSTR-2B invoices per page. Default 40. */
  perPage2b?: number;
  /** Periods (MMYYYY) whose GSTR-2B is not generated yet. */
  notGenerated2b?: readonly string[];
}

interface Session {
  gstin: string;
  username: string;
  sek: Buffer;
  expiresAt: number;
  accessEndsAt: number;
}

interface FileJob {
  gstin: string;
  period: string;
  count: number;
  polls: number;
  ek: Buffer;
  parts?: Array<{ bytes: Buffer; hash: string; count: number }>;
}

export interface FakeGstn {
  fetch: typeof fetch;
  publicKeyPem: string;
  /** Requests by action. */
  counts: Record<string, number>;
  /** Every request's headers, by action (lower-case names). */
  seen: Array<{ action: string; headers: Record<string, string> }>;
  inject(fault: Fault): void;
  /** ARNs of filed GSTR-1 by `gstin|MMYYYY`. */
  filed: Map<string, string>;
  /** IMS saves received, as decrypted. */
  imsSaves: Obj[];
  /** Live tokens (for tests that make the portal forget them). */
  tokens: Map<string, Session>;
  /** Peak bytes of file parts held by the fake at once. */
  fileBytes(): number;
}

const json = (value: unknown, status = 200): Response => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const refusal = (code: string, message: string): Response => json({ status_cd: '0', error: { error_cd: code, message } });

function aes(key: Buffer, plain: Buffer): string {
  const c = createCipheriv('aes-256-ecb', key, null);
  return Buffer.concat([c.update(plain), c.final()]).toString('base64');
}
function unaes(key: Buffer, base64: string): Buffer {
  const d = createDecipheriv('aes-256-ecb', key, null);
  return Buffer.concat([d.update(strictBase64(base64)), d.final()]);
}

/** The portal's success answer: data under a fresh REK, the REK under the SEK, the HMAC of the base64 under the REK. */
function sealed(sek: Buffer, value: unknown): Response {
  const rek = randomBytes(32);
  const base64 = Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
  return json({
    status_cd: '1',
    data: aes(rek, Buffer.from(base64, 'utf8')),
    rek: aes(sek, rek),
    hmac: createHmac('sha256', rek).update(base64, 'utf8').digest('base64'),
  });
}

/** A key decrypted from a request: the 32 bytes, or base64 text of them. */
function key32(plain: Buffer): Buffer {
  if (plain.length === 32) return plain;
  const k = strictBase64(plain.toString('latin1'));
  if (k.length !== 32) throw new Error('not a 32-byte key');
  return k;
}

/** A request's `data` under the SEK: base64 of JSON (as published), with its HMAC checked when sent. */
function readRequestData(sek: Buffer, body: Obj): Obj | undefined {
  try {
    const plain = unaes(sek, String(body['data'] ?? ''));
    const text = plain.toString('utf8');
    if (typeof body['hmac'] === 'string') {
      const mac = createHmac('sha256', sek).update(text, 'utf8').digest('base64');
      if (mac !== body['hmac']) return undefined;
    }
    const value: unknown = JSON.parse(strictBase64(text).toString('utf8'));
    return isObj(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

class Dropped extends TypeError {
  constructor() {
    super('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
  }
}

function abortable(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
    });
  });
}

export function createFakeGstn(options: FakeGstnOptions): FakeGstn {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key: KeyObject = privateKey;
  const now = (): number => options.clock.now().getTime();
  const tokenMinutes = options.tokenMinutes ?? 360;
  const accessMinutes = options.accessMinutes ?? 30 * 24 * 60;
  const counts: Record<string, number> = {};
  const seen: FakeGstn['seen'] = [];
  const faults: Fault[] = [];
  const pendingOtp = new Map<string, Buffer>();
  const tokens = new Map<string, Session>();
  const jobs = new Map<string, FileJob>();
  const filed = new Map<string, string>();
  const imsSaves: Obj[] = [];
  const summaries = new Map<string, Obj>();
  let references = 0;
  let heldFileBytes = 0;
  let peakFileBytes = 0;

  const grant = (gstin: string, username: string, accessEndsAt: number, under: Buffer): { token: string; answer: Obj } => {
    const token = randomBytes(16).toString('hex');
    const sek = randomBytes(32);
    tokens.set(token, { gstin, username, sek, expiresAt: now() + tokenMinutes * 60_000, accessEndsAt });
    return { token, answer: { status_cd: '1', auth_token: token, expiry: tokenMinutes, sek: aes(under, sek) } };
  };

  const decryptAppKey = (text: unknown): Buffer => key32(rsaPkcs1Decrypt(key, String(text ?? '')));

  function authenticate(gstin: string, headers: Record<string, string>, body: Obj): Response {
    const user = options.users[gstin];
    switch (body['action']) {
      case 'OTPREQUEST': {
        let appKey: Buffer;
        try {
          appKey = decryptAppKey(body['app_key']);
        } catch {
          return refusal('TEC4002', 'Invalid public key or app key could not be decrypted');
        }
        if (!user || user.username !== body['username']) return refusal('AUTH_9002', 'Invalid username');
        pendingOtp.set(gstin, appKey);
        return json({ status_cd: '1' });
      }
      case 'AUTHTOKEN': {
        let appKey: Buffer;
        try {
          appKey = decryptAppKey(body['app_key']);
        } catch {
          return refusal('TEC4002', 'Invalid public key or app key could not be decrypted');
        }
        if (!user || user.username !== body['username']) return refusal('AUTH_9002', 'Invalid username');
        let otp: string;
        try {
          otp = unaes(appKey, String(body['otp'] ?? '')).toString('utf8');
        } catch {
          return refusal('AUTH4034', 'Invalid OTP');
        }
        // A careless portal echoes what it got: the connector must not pass it on.
        if (otp !== user.otp) return refusal('AUTH4034', `Invalid OTP ${otp}`);
        return json(grant(gstin, user.username, now() + accessMinutes * 60_000, appKey).answer);
      }
      case 'REFRESHTOKEN': {
        const token = String(body['auth_token'] ?? headers['auth-token'] ?? '');
        const session = tokens.get(token);
        if (!session) return refusal('AUTH4033', 'Invalid Session');
        if (now() > session.accessEndsAt) {
          tokens.delete(token);
          // Echoes the token, as a careless portal might: the connector must not pass it on.
          return refusal('AUTH4038', `Session Expired for token ${token}`);
        }
        let appKey: Buffer;
        try {
          appKey = key32(unaes(session.sek, String(body['app_key'] ?? '')));
        } catch {
          return refusal('AUTH4033', 'Invalid app key');
        }
        tokens.delete(token);
        return json(grant(session.gstin, session.username, session.accessEndsAt, appKey).answer);
      }
      case 'LOGOUT': {
        tokens.delete(String(body['auth_token'] ?? ''));
        return json({ status_cd: '1' });
      }
      default:
        return refusal('RET11405', 'Invalid action');
    }
  }

  /** The session of a call, or the portal's refusal. */
  function sessionOf(gstin: string, headers: Record<string, string>): Session | Response {
    const session = tokens.get(headers['auth-token'] ?? '');
    if (!session || session.gstin !== gstin || session.username !== headers['username']) return refusal('AUTH4033', 'Invalid Session');
    if (now() > session.expiresAt) return refusal('AUTH4038', 'Session Expired');
    return session;
  }

  function fileDetails(session: Session, query: URLSearchParams): Response {
    const job = jobs.get(query.get('token') ?? '');
    if (!job || job.gstin !== session.gstin) return refusal('RET11420', 'Invalid token');
    if (job.polls++ < (options.notReadyPolls ?? 1)) return refusal('RTN_24', 'Your request is being processed');
    if (!job.parts) {
      const size = options.partSize ?? 2500;
      job.parts = [];
      for (let from = 0; from < job.count; from += size) {
        const n = Math.min(size, job.count - from);
        const part = filePart(job.ek, `returns_${job.period}_B2B_${from / size + 1}.json`, { b2b: b2bInvoices(from, n) });
        job.parts.push({ ...part, count: n });
        heldFileBytes += part.bytes.length;
      }
      peakFileBytes = Math.max(peakFileBytes, heldFileBytes);
    }
    const token = query.get('token') ?? '';
    return sealed(session.sek, {
      fc: job.parts.length,
      ek: job.ek.toString('base64'),
      urls: job.parts.map((p, i) => ({ ul: `/files/${token}/${i}?expires=${now() + 3_600_000}`, ic: p.count, hash: p.hash })),
    });
  }

  function gstr2a(session: Session, action: string, period: string): Response {
    const count = options.b2bCount ?? 120;
    switch (action) {
      case 'B2B': {
        if (count > (options.largeThreshold ?? 10_000)) {
          const token = randomBytes(8).toString('hex');
          jobs.set(token, { gstin: session.gstin, period, count, polls: 0, ek: randomBytes(32) });
          return sealed(session.sek, { est: 0, token });
        }
        return sealed(session.sek, { b2b: b2bInvoices(0, count) });
      }
      case 'CDN':
        return sealed(session.sek, {
          cdn: [
            {
              ctin: supplierGstin(9000),
              cfs: 'Y',
              nt: [
                {
                  chksum: 'c1',
                  ntty: 'C',
                  nt_num: 'CN/1',
                  nt_dt: '20-09-2026',
                  val: 118,
                  pos: '29',
                  rchrg: 'N',
                  inv_typ: 'R',
                  itms: [{ num: 1, itm_det: { rt: 18, txval: 100, iamt: 18, camt: 0, samt: 0, csamt: 0 } }],
                },
              ],
            },
          ],
        });
      default:
        return refusal('RET13509', 'No document found for the provided Inputs');
    }
  }

  function gstr2b(session: Session, query: URLSearchParams): Response {
    const period = query.get('rtnprd') ?? '';
    if (options.notGenerated2b?.includes(period)) return refusal('RET2B1023', 'GSTR-2B is not generated for the return period');
    const pages = options.pages2b ?? 3;
    const perPage = options.perPage2b ?? 40;
    const fileNum = query.get('file_num');
    if (pages > 1 && fileNum === null) return sealed(session.sek, { chksum: 'summary', data: { gstin: session.gstin, rtnprd: period, fc: pages } });
    const page = fileNum === null ? 1 : Number(fileNum);
    if (!(page >= 1 && page <= pages)) return refusal('RET2B1027', 'Invalid file number');
    const b2b = b2bInvoices((page - 1) * perPage, perPage).map((s) => ({
      ctin: s['ctin'],
      trdnm: 'Supplier',
      supfildt: '11-10-2026',
      supprd: period,
      inv: (s['inv'] as Obj[]).map((inv) => {
        const item = (inv['itms'] as Array<{ itm_det: Obj }>)[0]!.itm_det;
        return {
          inum: inv['inum'],
          typ: 'R',
          dt: inv['idt'],
          val: inv['val'],
          pos: '29',
          rev: 'N',
          itcavl: 'Y',
          rsn: '',
          diffprcnt: 1,
          srctyp: 'Upload',
          items: [{ num: 1, rt: 18, txval: item['txval'], igst: item['iamt'], cgst: 0, sgst: 0, cess: 0 }],
        };
      }),
    }));
    const data: Obj = { gstin: session.gstin, rtnprd: period, version: '1.0', gendt: '14-10-2026', docdata: { b2b } };
    if (page === 1) data['itcsumm'] = { itcavl: { nonrevsup: { igst: 0, cgst: 0, sgst: 0, cess: 0 } } };
    return sealed(session.sek, { chksum: `page${page}`, data });
  }

  function gstr3b(session: Session, period: string): Response {
    return sealed(session.sek, {
      gstin: session.gstin,
      ret_period: period,
      sup_details: { osup_det: { txval: 100000, iamt: 18000, camt: 0, samt: 0, csamt: 0 } },
      itc_elg: { itc_avl: [{ ty: 'OTH', iamt: 5000, camt: 0, samt: 0, csamt: 0 }], itc_net: { iamt: 5000, camt: 0, samt: 0, csamt: 0 } },
    });
  }

  function ims(session: Session, method: string, query: URLSearchParams, body: Obj): Response {
    const action = method === 'GET' ? query.get('action') : body['action'];
    if (action === 'GETINV') {
      const section = query.get('section') ?? '';
      if (section !== 'B2B') return refusal('RET13509', 'No document found');
      return sealed(session.sek, {
        b2b: [
          {
            stin: supplierGstin(1),
            inum: 'INV/1',
            idt: '15-09-2026',
            val: 1180,
            txval: 1000,
            iamt: 180,
            camt: 0,
            samt: 0,
            cess: 0,
            pos: '29',
            inv_typ: 'R',
            action: 'N',
            srcform: 'R1',
            rtnprd: '092026',
            hash: 'h1',
          },
        ],
      });
    }
    if (action === 'REQSTS') return sealed(session.sek, { status_cd: 'P', int_tran_id: query.get('int_tran_id') });
    if (action === 'SAVE' || action === 'RESETIMS') {
      const data = readRequestData(session.sek, body);
      if (!data || data['rtin'] !== session.gstin) return refusal('RET191106', 'JSON validation failed');
      const invdata = isObj(data['invdata']) ? data['invdata'] : {};
      const cn = Array.isArray(invdata['cn']) ? invdata['cn'] : [];
      if (action === 'SAVE' && cn.some((r) => isObj(r) && r['action'] === 'A' && r['itcRedReq'] === undefined))
        return refusal('IMSSAV0054', 'Enter value for itcRedReq');
      imsSaves.push(data);
      return sealed(session.sek, { reference_id: `IMS${++references}` });
    }
    return refusal('RET11405', 'Invalid action');
  }

  function gstr1(session: Session, method: string, query: URLSearchParams, body: Obj): Response {
    const period = query.get('ret_period') ?? '';
    const action = method === 'GET' ? query.get('action') : body['action'];
    const key = (p: string) => `${session.gstin}|${p}`;
    if (action === 'RETSAVE' || action === 'RETNEWPTF') {
      const data = readRequestData(session.sek, body);
      if (!data) return refusal('RET191106', 'JSON validation failed');
      return sealed(session.sek, { reference_id: `R1${++references}` });
    }
    if (action === 'RETSUM') {
      const summary = summaries.get(key(period)) ?? {
        gstin: session.gstin,
        ret_period: period,
        chksum: randomBytes(8).toString('hex'),
        sec_sum: [{ sec_nm: 'B2B', ttl_rec: 120, ttl_val: 141600 }],
      };
      summaries.set(key(period), summary);
      return sealed(session.sek, summary);
    }
    if (action === 'RETFILE') {
      const retPeriod = String(readRequestData(session.sek, body)?.['ret_period'] ?? '');
      const user = options.users[session.gstin]!;
      if (body['st'] !== 'EVC' || body['sid'] !== `${user.pan}|${user.evcOtp}`) return refusal('RET11446', 'Invalid EVC OTP');
      const summary = summaries.get(key(retPeriod));
      const data = readRequestData(session.sek, body);
      if (!summary || !data || data['chksum'] !== summary['chksum']) return refusal('RET191106', 'Summary does not match');
      if (filed.has(key(retPeriod))) return refusal('RET11429', 'Return already filed');
      const arn = `AA${session.gstin.slice(0, 2)}${retPeriod}${randomBytes(4).toString('hex').toUpperCase()}`;
      filed.set(key(retPeriod), arn);
      return sealed(session.sek, { ack_num: arn });
    }
    return refusal('RET11405', 'Invalid action');
  }

  function returns(session: Session, query: URLSearchParams): Response {
    const action = query.get('action');
    if (action === 'FILEDET') return fileDetails(session, query);
    if (action === 'RETSTATUS') return sealed(session.sek, { status_cd: 'P', form_typ: 'R1', action: 'SAVE' });
    if (action === 'RETTRACK') {
      const period = query.get('ret_period') ?? '';
      const arn = filed.get(`${session.gstin}|${period}`);
      return sealed(session.sek, {
        EFiledlist: arn ? [{ valid: 'Y', mof: 'EVC', dof: '11-10-2026', ret_prd: period, rtntype: 'GSTR1', arn, status: 'Filed' }] : [],
      });
    }
    return refusal('RET11405', 'Invalid action');
  }

  function download(path: string, corrupt: boolean): Response {
    const [, , token, index] = path.split('/');
    const part = jobs.get(token ?? '')?.parts?.[Number(index)];
    if (!part) return new Response('not found', { status: 404 });
    const bytes = corrupt
      ? Buffer.concat([part.bytes.subarray(0, part.bytes.length - 1), Buffer.from([part.bytes[part.bytes.length - 1]! ^ 0xff])])
      : part.bytes;
    return new Response(new Uint8Array(bytes), { status: 200, headers: { 'content-type': 'application/octet-stream' } });
  }

  function route(url: URL, method: string, headers: Record<string, string>, body: Obj, corrupt: boolean): Response {
    const path = url.pathname.replace(/^\/gus/, '');
    if (path.startsWith('/files/')) return download(path, corrupt);
    if (headers['clientid'] !== FAKE_CLIENT_ID || headers['client-secret'] !== FAKE_CLIENT_SECRET) return refusal('GSP102', 'Invalid client credentials');
    if (!headers['ip-usr'] || !headers['txn'] || !headers['state-cd']) return refusal('RET11400', 'Mandatory header missing');
    const gstin = headers['gstin'] ?? url.searchParams.get('gstin') ?? '';
    if (headers['state-cd'] !== gstin.slice(0, 2)) return refusal('RET11403', 'Invalid state code');
    if (path.endsWith('/authenticate') && method === 'POST') return authenticate(gstin, headers, body);
    const session = sessionOf(gstin, headers);
    if (session instanceof Response) return session;
    const query = url.searchParams;
    if (path.endsWith('/authenticate')) {
      const user = options.users[gstin];
      if (query.get('action') !== 'EVCOTP' || query.get('pan') !== user?.pan) return refusal('RET11405', 'Invalid request');
      return sealed(session.sek, { status_cd: '1' });
    }
    if (path.endsWith('/returns/gstr2a')) return gstr2a(session, query.get('action') ?? '', query.get('ret_period') ?? '');
    if (path.endsWith('/returns/gstr2b')) return gstr2b(session, query);
    if (path.endsWith('/returns/gstr3b')) return gstr3b(session, query.get('ret_period') ?? '');
    if (path.endsWith('/returns/ims')) return ims(session, method, query, body);
    if (path.endsWith('/returns/gstr1')) return gstr1(session, method, query, body);
    if (path.endsWith('/returns')) return returns(session, query);
    return refusal('RET11405', 'Unknown API');
  }

  const fakeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    let body: Obj = {};
    if (typeof init?.body === 'string') {
      try {
        const parsed: unknown = JSON.parse(init.body);
        if (isObj(parsed)) body = parsed;
      } catch {
        return json({ status_cd: '0', error: { error_cd: 'RET11405', message: 'Malformed request' } }, 400);
      }
    }
    const action = url.pathname.includes('/files/') ? 'FILE' : String(body['action'] ?? url.searchParams.get('action') ?? '');
    counts[action] = (counts[action] ?? 0) + 1;
    seen.push({ action, headers });
    const fault = faults.find((f) => f.action === action && (f.times ?? 1) > 0);
    if (fault) fault.times = (fault.times ?? 1) - 1;
    if (fault?.kind === 'drop-before') throw new Dropped();
    if (fault?.kind === 'status-500') return new Response('Internal Server Error', { status: 500 });
    if (fault?.kind === 'slow') await abortable(fault.delayMs ?? 1000, init?.signal);
    const answer = route(url, method, headers, body, fault?.kind === 'bad-hash');
    if (fault?.kind === 'drop-after') throw new Dropped();
    return answer;
  };

  return {
    fetch: fakeFetch as typeof fetch,
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    counts,
    seen,
    inject: (fault) => void faults.push({ ...fault }),
    filed,
    imsSaves,
    tokens,
    fileBytes: () => peakFileBytes,
  };
}
