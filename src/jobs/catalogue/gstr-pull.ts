/**
 * `gstr2a/pull`, `gstr2b/pull`, `gstr3b/pull`: one return for one GSTIN and period, fetched from the GST
 * portal and stored. On a job thread the return is fetched, read and serialised there; the serving thread
 * only stores the text (and, for a portal that cannot be rebuilt on the thread, fetches for it).
 * @module
 */
import type { Outcome } from '../../issue.js';
import type { GstPortal, ReturnType } from '../../ports/gst-portal.js';
import type { StoredReturn } from '../../ports/returns.js';
import { jobFailed } from '../job-failure.js';
import type { ThreadCaller } from '../thread-caller.js';
import { progressOf, remoteReturns } from '../thread-remote.js';
import { jobNow } from './deps.js';
import { defineJob, type JobDescriptor } from './descriptor.js';
import { readParams, text } from './params.js';

/** A pull's parameters, as the routes queue them. */
export interface PullParams {
  gstin: string;
  returnType: ReturnType;
  period: string;
}

/** What a pull stored: its documents in all, and by GSTN's section name. */
interface PullCounts {
  documents: number;
  sections: Record<string, number>;
}

/** A pull job's result: the documents of each section stored (`{b2b: 700, cdn: 4}`), and their total. */
const pullResult = (counts: PullCounts): { documents: Record<string, number>; total: number } => ({ documents: counts.sections, total: counts.documents });

/** How a thread builds its own copy of a portal, rather than asking the serving thread for every return. */
export interface PortalRecipe {
  /** A module URL and the name of the function it exports that builds the portal from `options`. */
  module: string;
  name: string;
  options: Record<string, unknown>;
  /** Option names whose functions stay on the serving thread, called over the channel. */
  remote?: string[];
}

/** What crosses to the thread: the request, "now", and the portal's recipe when it has one. */
interface PullThreadInput {
  request: PullParams;
  now: string;
  portal?: PortalRecipe;
}

/** The pull of one return type; the return type the work pulls is the one in the parameters, as queued. */
function gstrPullJob<R extends ReturnType>(returnType: R): JobDescriptor<PullParams, `${R}/pull`> {
  return defineJob({
    type: `${returnType}/pull`,
    parseParams: (raw) =>
      readParams(raw, (p): PullParams => ({ gstin: text(p['gstin']), returnType: text(p['returnType']) as ReturnType, period: text(p['period']) })),
    async run(params, deps) {
      const { pullReturnCounted } = await import('../../gstr/jobs.js');
      const out = await pullReturnCounted(deps, params, (fraction, counts) => deps.progress(fraction * 100, counts));
      if (!out.ok) return jobFailed(out.errors);
      return { ok: true, result: pullResult(out.value) };
    },
    thread: {
      task: 'gstr/pull',
      work: async () => pullInThread,
      async serve(params, deps, thread) {
        const { portal, store } = deps;
        const recipe = (portal as GstPortal & { threadRecipe?(): PortalRecipe }).threadRecipe?.();
        // The recipe's functions stay here; the thread calls them by name.
        const remote = Object.fromEntries(
          (recipe?.remote ?? []).map((name) => [name, (...args: unknown[]) => (recipe!.options[name] as (...a: unknown[]) => unknown)(...args)]),
        );
        const input: PullThreadInput = {
          request: params,
          now: jobNow(deps).toISOString(),
          ...(recipe ? { portal: { ...recipe, options: withoutFunctions(recipe.options) } } : {}),
        };
        const out = (await thread.run(input, {
          putReturnJson: async (meta: Omit<StoredReturn, 'data'>, json: string) => {
            if (store.putJson) await store.putJson(meta, json);
            else await store.put({ ...meta, data: JSON.parse(json) as unknown });
          },
          isConnected: (gstin: string) => portal.isConnected(gstin),
          fetchReturn: (gstin: string, returnType: ReturnType, period: string) => portal.fetchReturn(gstin, returnType, period),
          ...remote,
        })) as Outcome<PullCounts>;
        if (!out.ok) return jobFailed(out.errors);
        return { ok: true, result: pullResult(out.value) };
      },
    },
  });
}

export const gstr2aPull = gstrPullJob('gstr2a');
export const gstr2bPull = gstrPullJob('gstr2b');
export const gstr3bPull = gstrPullJob('gstr3b');

/** The thread's side: fetch, read and serialise here; the serving thread only stores the text. */
async function pullInThread(input: PullThreadInput, remote: ThreadCaller): Promise<Outcome<PullCounts>> {
  const { pullReturnCounted } = await import('../../gstr/jobs.js');
  const services = { portal: await portalOf(input.portal, remote), store: remoteReturns(remote), now: () => new Date(input.now) };
  return pullReturnCounted(services, input.request, progressOf(remote));
}

/** The portal on the thread: built from its recipe, or asked of the serving thread call by call. */
async function portalOf(recipe: PortalRecipe | undefined, remote: ThreadCaller): Promise<GstPortal> {
  if (!recipe) {
    return {
      isConnected: (gstin) => remote.call<boolean>('isConnected', [gstin]),
      fetchReturn: (gstin, returnType, period) => remote.call<Outcome<unknown>>('fetchReturn', [gstin, returnType, period]),
    };
  }
  const make = (await import(recipe.module))[recipe.name] as (options: Record<string, unknown>) => GstPortal;
  const options: Record<string, unknown> = { ...recipe.options };
  for (const name of recipe.remote ?? []) options[name] = (...args: unknown[]) => remote.call(name, args);
  return make(options);
}

/** The options a thread can receive: functions stay behind (the recipe names those it calls back). */
function withoutFunctions(options: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => typeof v !== 'function'));
}
