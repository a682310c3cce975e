/**
 * GSTR-1 on the live GST portal, as jobs: `gstr1/upload` saves the return (the host's JSON, or the one
 * built from the e-invoices it registered) and waits for the portal's verdict: `P` processed, `PE`
 * processed with errors, `ER` refused, with the error report per document; `gstr1/file` proceeds to
 * file and files with the EVC OTP the signatory received, answering the ARN (a return already filed
 * answers its ARN: it is never filed twice).
 * @module
 */
import type { IssuedInvoices } from '../gstr1/job.js';
import type { JobOutput } from '../ports/jobs.js';
import { type LiveGstJobDeps, portalFailure, processed, statusOf } from './gst-portal-failure.js';
import { jobFailed } from './job-failure.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One document the portal refused, from its error report. */
export interface Gstr1DocumentError {
  section: string;
  /** The recipient's GSTIN, where the section has one. */
  ctin?: string;
  /** The document's number (`inum`, `nt_num`, ...), where the report names it. */
  number?: string;
  code: string;
  message: string;
}

/** The portal's `error_report` (`{b2b: [{ctin, inv: [...], error_cd, error_msg}]}`), one line per document. */
export function documentErrors(report: unknown): Gstr1DocumentError[] {
  const out: Gstr1DocumentError[] = [];
  if (!isObj(report)) return out;
  for (const [section, entries] of Object.entries(report)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries.filter(isObj)) {
      const docs = (['inv', 'nt', 'doc'].map((k) => entry[k]).find(Array.isArray) as unknown[] | undefined)?.filter(isObj) ?? [entry];
      for (const doc of docs) {
        const number = doc['inum'] ?? doc['nt_num'] ?? doc['doc_num'];
        out.push({
          section,
          ...(typeof entry['ctin'] === 'string' ? { ctin: entry['ctin'] } : {}),
          ...(typeof number === 'string' || typeof number === 'number' ? { number: String(number) } : {}),
          code: String(doc['error_cd'] ?? entry['error_cd'] ?? ''),
          message: String(doc['error_msg'] ?? entry['error_msg'] ?? ''),
        });
      }
    }
  }
  return out;
}

/** Documents per section of GSTR-1 JSON (`b2b` counts its parties' invoices). */
function sectionsOf(gstr1: Obj): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [section, list] of Object.entries(gstr1)) {
    if (!Array.isArray(list)) continue;
    counts[section] = list.filter(isObj).reduce((n, e) => n + (Array.isArray(e['inv']) ? e['inv'].length : Array.isArray(e['nt']) ? e['nt'].length : 1), 0);
  }
  return counts;
}

/**
 * `gstr1/upload` `{gstin, period, gstr1?}`: `result: {referenceId, status, documents, errors}`. Without
 * `gstr1`, the return built from the registered e-invoices (as `gstr1/build` builds it) is sent.
 */
export async function gstr1UploadJob(
  params: Record<string, unknown>,
  deps: LiveGstJobDeps & { companyId: string; issuedInvoices?: IssuedInvoices },
): Promise<JobOutput> {
  const gstin = String(params['gstin']);
  const period = String(params['period']);
  let gstr1 = params['gstr1'];
  if (gstr1 === undefined) {
    if (!deps.issuedInvoices)
      return { ok: false, error: { code: 'SVC-955', message: 'this server keeps no e-invoices to build GSTR-1 from; send the gstr1 JSON' } };
    const { buildGstr1FromIssued } = await import('../gstr1/job.js');
    const built = await buildGstr1FromIssued(deps.issuedInvoices, { companyId: deps.companyId, gstin, period });
    if (!built.ok) return jobFailed(built.errors);
    gstr1 = built.value.json;
  }
  if (!isObj(gstr1)) return { ok: false, error: { code: '1000', message: "gstr1 should be the portal's GSTR-1 JSON object" } };
  const saved = await deps.portal.gstr1Save(gstin, period, gstr1);
  if (!saved.ok) return portalFailure(saved.errors, deps, gstin);
  deps.progress?.(50);
  const status = await processed(() => deps.portal.gstr1Status(gstin, period, saved.value.referenceId), deps);
  if (!status.ok) return portalFailure(status.errors, deps, gstin);
  deps.progress?.(100);
  const errors = documentErrors(isObj(status.value) ? status.value['error_report'] : undefined);
  return { ok: true, result: { referenceId: saved.value.referenceId, status: statusOf(status.value), documents: sectionsOf(gstr1), errors } };
}

/** `gstr1/file` `{gstin, period, pan, otp}`: proceed to file, then file with EVC: `result: {arn, alreadyFiled}`. */
export async function gstr1FileJob(params: Record<string, unknown>, deps: LiveGstJobDeps): Promise<JobOutput> {
  const gstin = String(params['gstin']);
  const period = String(params['period']);
  const proceeded = await deps.portal.gstr1Proceed(gstin, period);
  if (!proceeded.ok) return portalFailure(proceeded.errors, deps, gstin);
  const status = await processed(() => deps.portal.gstr1Status(gstin, period, proceeded.value.referenceId), deps);
  if (!status.ok) return portalFailure(status.errors, deps, gstin);
  if (statusOf(status.value) === 'ER')
    return {
      ok: false,
      error: {
        code: 'ER',
        message: `the portal refused to proceed to file: ${
          documentErrors(isObj(status.value) ? status.value['error_report'] : undefined)
            .map((e) => `${e.code} ${e.message}`)
            .join('; ') || 'no reason given'
        }`,
      },
    };
  deps.progress?.(50);
  const filed = await deps.portal.gstr1File({ gstin, period, pan: String(params['pan']), otp: String(params['otp']) });
  if (!filed.ok) return portalFailure(filed.errors, deps, gstin);
  deps.progress?.(100);
  return { ok: true, result: { arn: filed.value.arn, alreadyFiled: filed.value.alreadyFiled } };
}
