/**
 * The audit entry of one state-changing call, read from what the route was given and what it answered:
 * the document named in the request, the document produced, the outcome code. Never the body itself,
 * never credentials.
 * @module
 */
import type { AuditEntry } from '../ports/audit.js';
import { knownJson } from './json-body.js';
import type { Route } from './types.js';

type Obj = Record<string, unknown>;

const MAX = 200; // longest value kept; a document number is at most 16 characters, an IRN 64
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, MAX) : typeof v === 'number' ? String(v) : undefined;
const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

/** The document a request names, in the first shape that fits: IRN request, IRN, e-waybill number, e-waybill request. */
export function requestDocument(body: Obj): string | undefined {
  const doc = obj(body['DocDtls']);
  if (doc && text(doc['No'])) return [text(doc['Typ']), text(doc['No']), text(doc['Dt'])].filter(Boolean).join(' ');
  if (text(body['Irn'])) return `IRN ${text(body['Irn'])}`;
  const ewbNo = text(body['ewbNo']) ?? text(body['EwbNo']) ?? text(body['ewbNumber']);
  if (ewbNo) return `EWB ${ewbNo}`;
  if (text(body['docNo'])) return [text(body['docType']), text(body['docNo']), text(body['docDate'])].filter(Boolean).join(' ');
  const period = text(body['returnPeriod']) ?? text(body['startReturnPeriod']) ?? text(body['period']);
  if (period) return `period ${period}${text(body['endReturnPeriod']) ? `..${text(body['endReturnPeriod'])}` : ''}`;
  return undefined;
}

/** What an answer produced: the IRN, the e-waybill, the job. */
function produced(answer: Obj): string | undefined {
  const parts: string[] = [];
  if (text(answer['Irn'])) parts.push(`IRN ${text(answer['Irn'])}`);
  if (text(answer['EwbNo']) ?? text(answer['ewayBillNo'])) parts.push(`EWB ${text(answer['EwbNo']) ?? text(answer['ewayBillNo'])}`);
  if (text(answer['jobId'])) parts.push(`job ${text(answer['jobId'])}`);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The error code of an answer in any of the service's styles. */
function failureCode(response: Response, answer: Obj | undefined): string | undefined {
  const header = response.headers.get('svc-errorcode');
  if (header) return header.slice(0, MAX);
  const errors = answer?.['Errors'];
  if (Array.isArray(errors)) return text(obj(errors[0])?.['Code']);
  return text(answer?.['errorCode']) ?? text(answer?.['code']);
}

/** Reads a JSON answer without consuming it; anything else (or too large to be worth it) is left unread. */
async function peekStream(response: Response): Promise<Obj | undefined> {
  try {
    return obj(await response.clone().json());
  } catch {
    return undefined;
  }
}

export interface AuditFacts {
  route: Route;
  companyId: string;
  keyId: string;
  gstin?: string;
  body: Obj;
  at: Date;
}

/** The entry for one answered call. */
export async function auditEntry(facts: AuditFacts, response: Response): Promise<AuditEntry> {
  let answer: Obj | undefined;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    // The value the body was written from, when known: no copy of the stream to parse again, no wait.
    const known = knownJson(response);
    answer = known ? obj(known.value) : await peekStream(response);
  }
  const ok = response.status < 400 && answer?.['Success'] !== false;
  const document = requestDocument(facts.body);
  const result = ok && answer ? produced(answer) : undefined;
  const code = ok ? undefined : failureCode(response, answer);
  const gstin = facts.gstin ?? text(obj(facts.body['SellerDtls'])?.['Gstin']) ?? text(facts.body['gstin']);
  // Built field by field in the order the log has always listed them.
  const entry = {
    at: facts.at.toISOString(),
    companyId: facts.companyId,
    keyId: facts.keyId,
    operation: facts.route.operationId,
    method: facts.route.method,
    path: facts.route.path,
  } as AuditEntry;
  if (gstin) entry.gstin = gstin.toUpperCase();
  if (document) entry.document = document;
  if (result) entry.result = result;
  entry.status = response.status;
  if (code) entry.code = code;
  return entry;
}
