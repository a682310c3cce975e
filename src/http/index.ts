/**
 * gstkit's HTTP adapter: one fetch-style handler serving every endpoint of the specification,
 * usable directly by any fetch host (Hono, Next.js route handlers, Workers), with thin bindings:
 * node:http and Express here and in `gstkit/http/node` (`gstkit/http/express`), Fastify in
 * `gstkit/http/fastify`, Hono in `gstkit/http/hono`. This module's declarations import no host.
 *
 * @example
 * import { createServer } from 'node:http';
 * import { createGstHandler, toNodeListener } from 'gstkit/http';
 * import { createSandbox } from 'gstkit/sandbox';
 * const sandbox = createSandbox({ companies: { acme: ['29AAGCM4821K1Z6'] } });
 * const handler = createGstHandler({ ...sandbox.providers, authenticate: myAuth });
 * createServer(toNodeListener(handler)).listen(8080);
 * @module
 */
import { systemClock } from '../clock.js';
import { DEFAULT_BODY_LIMIT } from './body.js';
import { json } from './responses.js';
import { setLightEntry } from './light-request.js';
import { servedRoutes } from './enabled.js';
import { belowBase, normalizeBasePath } from './paths.js';
import { routes } from './routes.js';
import { createJobSecrets } from '../jobs/job-secrets.js';
import { attachJobExecutor } from './handler/job-executor.js';
import { RouteMatcher } from './handler/match.js';
import { serveWith } from './handler/serve.js';
import type { HandlerSetup } from './handler/setup.js';
import type { GstHandler, GstHandlerOptions, RequestExtras } from './types.js';

export type { GstHandler, GstHandlerOptions, RequestExtras, Route, DealOptions, PaymentPayee, ProviderName } from './types.js';
export { routes } from './routes.js';
export { httpCodes, gstrCodes } from './codes.js';
export { DEFAULT_BODY_LIMIT } from './body.js';
/** @deprecated Import from `gstkit/jobs`; this re-export goes in the next minor version. */
export { gstrJobExecutor } from '../jobs/executor.js';
export { openApiDocument } from './openapi-document.js';
export { toNodeListener, gstErrorMiddleware, type NodeListenerOptions } from './node-listener.js';
export { gstPathPatterns, isGstPath } from './paths.js';
export { routeNeeds, isRouteEnabled } from './enabled.js';
export {
  createRateLimiter,
  memoryRateCounter,
  storeRateCounter,
  redisRateCounter,
  parseRateLimit,
  parseKeyRateLimits,
  clientAddress,
  type RateLimiterOptions,
} from '../ratelimit/index.js';
export type { RateLimit, RateLimiter, RateCounter, RateDecision, ClientRateLimits } from '../ports/ratelimit.js';
export type { AuditEntry, AuditRow, AuditQuery, AuditSink } from '../ports/audit.js';

/**
 * Builds the handler. Every request goes through the steps of `handler/serve.ts`: its body is read through
 * the rules engine (`validate`) before any provider is called, and every failure is answered in the route's
 * style with a code.
 */
export function createGstHandler(given: GstHandlerOptions): GstHandler {
  // The routes seal a job's secrets with the sealer the executor opens them with: the same object.
  const options: GstHandlerOptions = { ...given, jobSecrets: given.jobSecrets ?? createJobSecrets() };
  const clock = options.clock ?? systemClock;
  const basePath = normalizeBasePath(options.basePath);
  attachJobExecutor(options, clock);
  const setup: HandlerSetup = {
    options,
    clock,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    basePath,
    matcher: new RouteMatcher(servedRoutes(routes, options), routes),
  };
  const serve = serveWith(setup);
  const handler = (request: Request, extras: RequestExtras = {}): Promise<Response> => serve(request, extras);
  const methodsAt = (pathname: string): string[] => {
    const path = belowBase(pathname, basePath);
    return path === undefined ? [] : setup.matcher.methodsAt(path);
  };
  const gst = Object.assign(handler, { basePath, methodsAt, readsBodyBytes: true });
  setLightEntry(gst, serve);
  return gst;
}

export { json };
