/**
 * `ims/pull`, `ims/action`, `gstr1/upload`, `gstr1/file`: the jobs of the GST portal's connected flow
 * (IMS, GSTR-1 filing), whose work is in `../gst-ims-jobs.ts` and `../gstr1-filing-jobs.ts`. They run in
 * process only (their time goes in waiting on the portal, not in CPU), and need a portal that connects
 * GSTINs by OTP: the sandbox's or the live one.
 * @module
 */
import type { Outcome } from '../../issue.js';
import { isLiveGstPortal } from '../../ports/gst-portal.js';
import { jobCodes, type JobOutput } from '../../ports/jobs.js';
import type { LiveGstJobDeps } from '../gst-portal-failure.js';
import type { JobDeps } from './deps.js';
import { defineJob, type JobDescriptor } from './descriptor.js';
import { readParams } from './params.js';

/** The work of one of these jobs, as its file gives it: the queued parameters and what it works with. */
type LiveGstWork = (params: Record<string, unknown>, deps: LiveGstJobDeps & Pick<JobDeps, 'companyId' | 'issuedInvoices'>) => Promise<JobOutput>;

/** The parameters as queued: the work reads and checks each value itself. */
const asQueued = (raw: unknown): Outcome<Record<string, unknown>> => readParams(raw, (params) => params);

function liveGstJob<T extends 'ims/pull' | 'ims/action' | 'gstr1/upload' | 'gstr1/file'>(
  type: T,
  work: () => Promise<LiveGstWork>,
): JobDescriptor<Record<string, unknown>, T> {
  return defineJob({
    type,
    parseParams: asQueued,
    async run(queued, deps) {
      if (!isLiveGstPortal(deps.portal))
        return { ok: false, error: { code: jobCodes.notConfigured, message: "this server's GST portal has no OTP connection, IMS or GSTR-1 filing" } };
      const params = withSecretsOpened(type, queued, deps);
      if (!params.ok) return params.failure;
      return (await work())(params.value, {
        portal: deps.portal,
        store: deps.store,
        companyId: deps.companyId,
        progress: (percent) => deps.progress(percent),
        ...(deps.now ? { now: deps.now } : {}),
        ...(deps.issuedInvoices ? { issuedInvoices: deps.issuedInvoices } : {}),
      });
    },
  });
}

/** The parameters with a sealed secret (`otpSealed`) opened in memory for the work; never written back. */
function withSecretsOpened(
  type: string,
  params: Record<string, unknown>,
  deps: JobDeps,
): { ok: true; value: Record<string, unknown> } | { ok: false; failure: JobOutput } {
  const sealed = params['otpSealed'];
  if (typeof sealed !== 'string') return { ok: true, value: params };
  const otp = deps.secrets?.open(type, sealed);
  if (otp === undefined) {
    const message =
      "the job's OTP was sealed under a key this process does not have: give every server and worker the same GSTKIT_SESSION_KEY, and send the OTP again";
    return { ok: false, failure: { ok: false, error: { code: jobCodes.secretUnreadable, message } } };
  }
  const opened: Record<string, unknown> = { ...params, otp };
  delete opened['otpSealed'];
  return { ok: true, value: opened };
}

export const imsPull = liveGstJob('ims/pull', async () => (await import('../gst-ims-jobs.js')).imsPullJob);
export const imsAction = liveGstJob('ims/action', async () => (await import('../gst-ims-jobs.js')).imsActionJob);
export const gstr1Upload = liveGstJob('gstr1/upload', async () => (await import('../gstr1-filing-jobs.js')).gstr1UploadJob);
export const gstr1File = liveGstJob('gstr1/file', async () => (await import('../gstr1-filing-jobs.js')).gstr1FileJob);
