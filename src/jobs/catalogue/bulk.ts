/**
 * `irn/bulk` and `ewaybill/bulk`: up to a thousand documents registered through the configured provider,
 * each one's outcome in the result, in order. The job's checkpoint (the runner's steps) records each
 * document as it is sent and answered, so a job run again after its server died resumes where it was and
 * registers no document twice.
 * @module
 */
import { bulkCodes } from '../../bulk/codes.js';
import { bulkGenerateEwaybill } from '../../bulk/ewaybill.js';
import { bulkGenerateIrn } from '../../bulk/irn.js';
import type { BulkRunOptions } from '../../bulk/run.js';
import { istDate } from '../../compute/dates.js';
import { error, type Outcome } from '../../issue.js';
import type { Company } from '../../ports/company.js';
import { jobCodes } from '../../ports/jobs.js';
import { jobFailed } from '../job-failure.js';
import { jobNow, type JobDeps } from './deps.js';
import { defineJob } from './descriptor.js';

/** A bulk job's parameters, as the route queues them: the company as it was authenticated, and the documents. */
export interface BulkJobParams {
  company: Company;
  documents: unknown[];
  /** The generating GSTIN of an e-waybill bulk. */
  gstin?: string;
  /** The handler's reporting window for e-invoices, in days. */
  reportingWindowDays?: number;
}

/** The parameters from the queued data, or SVC-723 when they are not a company and a list of documents. */
function readBulkParams(raw: Record<string, unknown>): Outcome<BulkJobParams> {
  const company = raw['company'] as Record<string, unknown> | null | undefined;
  const gstins = company?.['gstins'];
  if (
    !Array.isArray(raw['documents']) ||
    typeof company !== 'object' ||
    company === null ||
    typeof company['id'] !== 'string' ||
    !Array.isArray(gstins) ||
    !gstins.every((g) => typeof g === 'string')
  ) {
    return { ok: false, errors: [error(bulkCodes.badJob, 'the bulk job has no documents or no company')] };
  }
  return {
    ok: true,
    value: {
      company: { id: company['id'], gstins: gstins as string[], ...(typeof company['aato'] === 'number' ? { aato: company['aato'] } : {}) },
      documents: raw['documents'] as unknown[],
      ...(typeof raw['gstin'] === 'string' ? { gstin: raw['gstin'] } : {}),
      ...(typeof raw['reportingWindowDays'] === 'number' ? { reportingWindowDays: raw['reportingWindowDays'] } : {}),
    },
  };
}

/** What both bulk jobs give the library call: checkpoint, pace, concurrency and progress in documents. */
function runOptions(deps: JobDeps): BulkRunOptions & { today: string } {
  const bulk = deps.bulk;
  return {
    today: istDate(jobNow(deps)),
    ...(deps.context?.steps ? { checkpoint: deps.context.steps } : {}),
    ...(bulk?.limiter ? { limiter: bulk.limiter } : {}),
    ...(bulk?.concurrency ? { concurrency: bulk.concurrency } : {}),
    progress: (done, total) => deps.progress(total > 0 ? (done / total) * 100 : 100, { done, total }),
  };
}

/** A job acts for the company it was queued for, and no other. */
const otherCompany = (params: BulkJobParams, deps: JobDeps): boolean => params.company.id !== deps.companyId;

const notConfigured = (what: string) => jobFailed([{ code: jobCodes.notConfigured, message: `this server has no ${what} to register with` }]);

export const irnBulk = defineJob({
  type: 'irn/bulk',
  parseParams: readBulkParams,
  async run(params, deps) {
    const provider = deps.bulk?.irp;
    if (!provider) return notConfigured('IRP');
    if (otherCompany(params, deps)) return jobFailed([{ code: bulkCodes.badJob, message: 'the bulk job names another company' }]);
    const result = await bulkGenerateIrn(params.documents, {
      provider,
      company: params.company,
      ...(params.reportingWindowDays !== undefined ? { reportingWindowDays: params.reportingWindowDays } : {}),
      ...runOptions(deps),
    });
    return { ok: true, result };
  },
});

export const ewaybillBulk = defineJob({
  type: 'ewaybill/bulk',
  parseParams: readBulkParams,
  async run(params, deps) {
    const provider = deps.bulk?.ewb;
    if (!provider) return notConfigured('e-waybill portal');
    if (otherCompany(params, deps) || params.gstin === undefined)
      return jobFailed([{ code: bulkCodes.badJob, message: 'the bulk job names another company, or no GSTIN' }]);
    const result = await bulkGenerateEwaybill(params.documents, { provider, company: params.company, gstin: params.gstin, ...runOptions(deps) });
    return { ok: true, result };
  },
});
