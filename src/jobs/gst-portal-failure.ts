/**
 * What the jobs on the live GST portal (IMS, GSTR-1 filing) share: a portal failure as the job's failure,
 * turned into the specification's `2000` when the GSTIN is no longer connected (the portal ended its
 * session), and the wait for a request the portal processes in the background.
 * @module
 */
import { gstrCodes, type LiveGstPortal } from '../ports/gst-portal.js';
import type { ReturnStore } from '../ports/returns.js';
import type { JobOutput } from '../ports/jobs.js';
import type { Issue, Outcome } from '../issue.js';
import { jobFailed } from './job-failure.js';

/** What a job on the live GST portal works with. */
export interface LiveGstJobDeps {
  portal: LiveGstPortal;
  store: ReturnStore;
  now?: () => Date;
  /** Between two asks of a background request's status (default 2 s), and how many asks at most (default 30). */
  pollMs?: number;
  maxPolls?: number;
  progress?: (percent: number) => void;
}

/** The job's failure: `2000` when the portal no longer counts the GSTIN connected, its own code otherwise. */
export async function portalFailure(errors: readonly Issue[], deps: LiveGstJobDeps, gstin: string): Promise<JobOutput> {
  const first = errors[0];
  if (first && first.code !== gstrCodes.notConnected && !(await deps.portal.isConnected(gstin))) {
    return {
      ok: false,
      error: {
        code: gstrCodes.notConnected,
        message: `not connected to GST System: the portal ended the session (${first.code} ${first.message}); connect the GSTIN again by OTP`,
      },
    };
  }
  return jobFailed(errors);
}

/** The portal's status code of a request (`status_cd`): P, PE, ER, IP, REC. */
export function statusOf(value: unknown): string {
  const v = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)['status_cd'] : undefined;
  return typeof v === 'string' ? v.toUpperCase() : '';
}

/** Asks `status` until the portal has processed the request (not IP "in progress" nor REC "received"), or gives up. */
export async function processed(status: () => Promise<Outcome<unknown>>, deps: LiveGstJobDeps): Promise<Outcome<unknown>> {
  const most = deps.maxPolls ?? 30;
  for (let ask = 1; ; ask++) {
    const out = await status();
    if (!out.ok) return out;
    const code = statusOf(out.value);
    if ((code !== 'IP' && code !== 'REC') || ask >= most) return out;
    await new Promise((resolve) => setTimeout(resolve, deps.pollMs ?? 2000));
  }
}
