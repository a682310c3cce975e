/**
 * `GET /health`: whether the service's dependencies answer, each by name (`database`, `queue`), so an
 * operator or a load balancer sees which one is down. 200 when every check answers; 503 `SVC-951` with
 * `Retry-After` naming those that do not. No credentials: it says up or down, never an address or a secret.
 * @module
 */
import { httpCodes } from './codes.js';
import { json } from './responses.js';
import type { Route } from './types.js';

/** Named checks: each resolves when its dependency answers and throws when it does not. */
export type HealthChecks = Record<string, () => Promise<void>>;

/** A check's own deadline on top of the dependency's: health never waits longer than this, ms. */
export const HEALTH_CHECK_MS = 10_000;

interface CheckResult {
  ok: boolean;
  ms: number;
  reason?: string;
}

/** Why a dependency is down, in words that name no address: a stall, or a refusal. */
function reasonOf(e: unknown): string {
  const text = e instanceof Error ? `${e.message} ${(e as { timedOut?: boolean }).timedOut ? 'timed out' : ''}` : String(e);
  return /time|deadline|in time/i.test(text) ? 'no answer within its deadline' : 'unreachable';
}

async function runCheck(check: () => Promise<void>): Promise<CheckResult> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), HEALTH_CHECK_MS);
      }),
    ]);
    return { ok: true, ms: Date.now() - started };
  } catch (e) {
    return { ok: false, ms: Date.now() - started, reason: reasonOf(e) };
  } finally {
    clearTimeout(timer);
  }
}

/** The health answer: every check run at once. */
export async function healthResponse(checks: HealthChecks): Promise<Response> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((n) => runCheck(checks[n]!)));
  const dependencies = Object.fromEntries(names.map((n, i) => [n, results[i]!]));
  const down = names.filter((_, i) => !results[i]!.ok);
  if (down.length === 0) return json(200, { status: 'ok', dependencies }, { 'cache-control': 'no-store' });
  const message = down.map((n) => `${n} ${dependencies[n]!.reason}`).join('; ');
  return json(
    503,
    { status: 'unavailable', errorCode: httpCodes.unavailable, errorMessage: message, dependencies },
    { 'svc-errorcode': httpCodes.unavailable, 'svc-errormessage': message, 'retry-after': '2', 'cache-control': 'no-store' },
  );
}

/** `GET /health`, served when the host gives its checks (`options.health`). */
export const healthRoute: Route = {
  operationId: 'health',
  method: 'GET',
  path: '/health',
  style: 'plain',
  auth: false,
  tag: 'health',
  summary: 'Whether each dependency (database, job queue) answers',
  flags: [],
  openApi: () => ({
    operationId: 'health',
    summary: 'Whether each dependency (database, job queue) answers',
    responses: { '200': { description: 'every dependency answers' }, '503': { description: 'SVC-951: the dependencies named in the body do not answer' } },
  }),
  run: async (ctx) => healthResponse(ctx.options.health ?? {}),
};
