/**
 * The serving thread's side of GSTR pulls and exports run in a job worker thread: it hands the job to
 * the pool and answers the thread's few calls (the stored return as JSON text, piece by piece where the
 * store keeps pieces; the job's file; progress).
 * @module
 */
import type { GstPortal } from '../ports/gst-portal.js';
import type { ReturnStore, StoredReturn } from '../ports/returns.js';
import type { ReturnType as GstrReturnType } from '../gstr/types.js';
import type { Outcome } from '../issue.js';
import type { JobContext, JobCounts, JobOutput, JobRequest } from '../ports/jobs.js';
import type { PortalRecipe } from './gstr-thread-tasks.js';
import type { ThreadPool } from './thread-pool.js';
import { jobFailed as failed } from './job-failure.js';
import { storeAndFileCalls } from './thread-calls.js';

/** A portal that can tell a job thread how to build its own copy (the sandbox's can). */
export type ThreadablePortal = GstPortal & { threadRecipe?(): PortalRecipe };

export interface GstrThreadServices {
  portal: ThreadablePortal;
  store: ReturnStore;
  now: Date;
  /** Told the id of the thread a job ran on (tests, diagnostics). */
  onThread?: (threadId: number) => void;
}

/** Runs a `.../pull` or `.../export` job on a thread of `pool`. */
export async function runGstrJobInThread(
  pool: ThreadPool,
  job: JobRequest & { jobId: string },
  services: GstrThreadServices,
  progress: (percent: number, counts?: JobCounts) => void,
  context?: JobContext,
): Promise<JobOutput> {
  const { store, portal } = services;
  const p = job.params;
  const calls = storeAndFileCalls(store, progress, context, services.onThread);
  const handlers = {
    ...calls.handlers,
    putReturnJson: async (meta: Omit<StoredReturn, 'data'>, json: string) => {
      if (store.putJson) await store.putJson(meta, json);
      else await store.put({ ...meta, data: JSON.parse(json) as unknown });
    },
    isConnected: (gstin: string) => portal.isConnected(gstin),
    fetchReturn: (gstin: string, returnType: GstrReturnType, period: string) => portal.fetchReturn(gstin, returnType, period),
  };

  if (job.type.endsWith('/pull')) {
    const recipe = portal.threadRecipe?.();
    const remote = Object.fromEntries((recipe?.remote ?? []).map((name) => [name, (...args: unknown[]) => (recipe!.options[name] as (...a: unknown[]) => unknown)(...args)]));
    const input = {
      request: { gstin: String(p['gstin']), returnType: String(p['returnType']) as GstrReturnType, period: String(p['period']) },
      now: services.now.toISOString(),
      ...(recipe ? { portal: { ...recipe, options: withoutFunctions(recipe.options) } } : {}),
    };
    const out = (await pool.run('gstr/pull', input, { ...handlers, ...remote })) as Outcome<{ documents: number; sections: Record<string, number> }>;
    if (!out.ok) return failed(out.errors);
    return { ok: true, result: { documents: out.value.sections, total: out.value.documents } };
  }

  const input = {
    request: {
      returnType: String(p['returnType']) as 'gstr2a' | 'gstr2b' | 'gstr3b',
      gstins: (p['gstins'] as string[]) ?? [],
      startPeriod: String(p['startPeriod']),
      endPeriod: String(p['endPeriod']),
      ...(p['reportType'] !== undefined ? { reportType: Number(p['reportType']) as 100 | 101 } : {}),
    },
    now: services.now.toISOString(),
    pieces: store.info !== undefined && store.piece !== undefined,
  };
  const out = (await pool.run('gstr/export', input, handlers)) as Outcome<{ fileName: string; contentType: string; rows: number }>;
  if (!out.ok) return failed(out.errors);
  const result = { fileName: out.value.fileName, rows: out.value.rows };
  const file = calls.gathered();
  return { ok: true, result, ...(file ? { file } : {}) };
}

/** The options a thread can receive: functions stay behind (the recipe names those it calls back). */
function withoutFunctions(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => typeof v !== 'function'));
}
