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
import { error, type Issue } from '../issue.js';
import { validate, validateHandedOver } from '../validate.js';
import { JobQueueFullError, JobQueueUnavailableError, StoreFullError, StoreUnavailableError, type Company } from '../ports/index.js';
import { systemClock } from '../clock.js';
import { istDate } from '../compute/dates.js';
import { DEFAULT_BODY_LIMIT, readJson } from './body.js';
import { gstrCodes, httpCodes } from './codes.js';
import { handleDeal } from './deal.js';
import { healthResponse } from './health.js';
import { gstrJobExecutor } from '../jobs/executor.js';
import { openApiDocument } from './openapi.js';
import { readFlags } from './query.js';
import { dealFailure, headerFailure, json, streamlessJson, svcFailure } from './responses.js';
import { LightRequest, realRequest, setLightEntry, type RequestLike } from './light-request.js';
import { isRouteEnabled } from './enabled.js';
import { belowBase, normaliseBasePath } from './paths.js';
import { routes } from './routes.js';
import { RouteCall } from './route-context.js';
import { auditEntry, type AuditFacts } from './audit.js';
import { clientAddress } from '../ratelimit/client-address.js';
import type { RateDecision, RateLimiter } from '../ports/ratelimit.js';
import type { EnabledOptions, GstHandler, GstHandlerOptions, RequestExtras, ResponseStyle, Route } from './types.js';

export type { GstHandler, GstHandlerOptions, RequestExtras, Route, DealOptions, PaymentPayee, ProviderName } from './types.js';
export { routes } from './routes.js';
export { httpCodes, gstrCodes } from './codes.js';
export { DEFAULT_BODY_LIMIT } from './body.js';
/** @deprecated Import from `gstkit/jobs`; this re-export goes in the next minor version. */
export { gstrJobExecutor } from '../jobs/executor.js';
export { openApiDocument } from './openapi.js';
export { toNodeListener, gstErrorMiddleware, type NodeListenerOptions } from './node-listener.js';
export { gstPathPatterns, isGstPath } from './paths.js';
export { routeNeeds, isRouteEnabled } from './enabled.js';
export { createRateLimiter, memoryRateCounter, storeRateCounter, redisRateCounter, parseRateLimit, parseKeyRateLimits, clientAddress, type RateLimiterOptions } from '../ratelimit/index.js';
export type { RateLimit, RateLimiter, RateCounter, RateDecision, ClientRateLimits } from '../ports/ratelimit.js';
export type { AuditEntry, AuditRow, AuditQuery, AuditSink } from '../ports/audit.js';

interface Compiled {
  route: Route;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): Compiled {
  const names: string[] = [];
  const source = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, n: string) => {
    names.push(n);
    return '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${source}/?$`), names };
}

/**
 * The decoded path parameters, or undefined when one has a malformed percent-escape or decodes to a NUL
 * (`%00`, which no identifier holds and PostgreSQL cannot compare): a client's mistake.
 */
function pathParams(names: readonly string[], match: RegExpExecArray): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  try {
    names.forEach((n, i) => {
      params[n] = decodeURIComponent(match[i + 1] ?? '');
    });
  } catch {
    return undefined;
  }
  return params;
}

/** Fails in the style of the route. */
function failure(style: ResponseStyle, status: number, issues: Issue[]): Response {
  const first = issues[0] ?? error(httpCodes.internal, 'unexpected failure');
  if (style === 'svc') return svcFailure(status, issues);
  if (style === 'deal') {
    const code = status === 401 || status === 403 ? 'VALIDATION_ERROR' : status >= 500 ? 'UNKNOWN_ERROR' : 'VALIDATION_ERROR';
    return dealFailure(status, code, first.message);
  }
  return headerFailure(status, first.code, issues.map((i) => i.message).join('; '));
}

/** GSTR validation failures carry the specification's codes: 100 for the period range, else 1000. */
function gstrValidationFailure(issues: Issue[]): Response {
  const range = issues.find((i) => i.code === gstrCodes.periodRange);
  if (range) return headerFailure(400, gstrCodes.periodRange, range.message);
  return headerFailure(400, gstrCodes.badRequest, 'missing or invalid field values in request: ' + issues.map((i) => `${i.path || '(body)'} ${i.message}`).join('; '));
}

/**
 * Builds the handler. Every request body is read through the rules engine (`validate`) before
 * any provider is called; every failure is answered in the route's style with a code.
 */
export function createGstHandler(options: GstHandlerOptions): GstHandler {
  const clock = options.clock ?? systemClock;
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const basePath = normaliseBasePath(options.basePath);
  const enabled = routes.filter((route) => isRouteEnabled(route, options));
  const compiled = enabled.map(compile);
  let openapi: string | undefined;
  if (options.jobs && options.gstPortal && options.returnStore) {
    options.jobs.attach(
      gstrJobExecutor({
        portal: options.gstPortal,
        store: options.returnStore,
        clock,
        ...(options.issuedInvoices ? { issuedInvoices: options.issuedInvoices } : {}),
        ...(options.jobs.threads ? { threads: options.jobs.threads } : {}),
      }),
    );
  }

  const authenticateFor = async (route: Route, request: RequestLike): Promise<{ ok: true; company: Company; keyId: string } | { ok: false; response: Response }> => {
    // gstkit's own hooks read only the headers: they take the light request as it is.
    const outcome = await options.authenticate(options.authenticate.headersOnly ? (request as Request) : realRequest(request));
    if (!outcome.ok) {
      const code = outcome.status === 401 ? httpCodes.unauthenticated : httpCodes.forbidden;
      const headers = outcome.status === 401 ? { 'www-authenticate': 'Basic realm="gstkit"' } : {};
      const res = failure(route.style, outcome.status, [error(code, outcome.message)]);
      for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
      return { ok: false, response: res };
    }
    const named = request.headers.get('svc-company');
    if (named !== null && named.trim() !== outcome.company.id) {
      return { ok: false, response: failure(route.style, 403, [error(httpCodes.forbidden, 'Svc-Company does not name the authenticated company')]) };
    }
    if (named === null && route.style === 'gstr' && route.requestKind) {
      return { ok: false, response: failure(route.style, 403, [error(httpCodes.forbidden, 'the Svc-Company header is required')]) };
    }
    return { ok: true, company: outcome.company, keyId: outcome.keyId ?? outcome.company.id };
  };

  /** The caller's rate limit: a 429 in the route's style when it is spent. A failing limiter lets the request through. */
  const rateLimited = async (route: Route, keyId: string, request: RequestLike): Promise<Response | undefined> => {
    if (!options.rateLimit) return undefined;
    let decision: RateDecision;
    try {
      decision = await options.rateLimit.take(keyId, clock.now());
    } catch (e) {
      options.onError?.(e, realRequest(request));
      return undefined;
    }
    if (decision.allowed) return undefined;
    const { requests, windowMs } = decision.limit;
    const res = failure(route.style, 429, [error(httpCodes.rateLimited, `this API key may make ${requests} requests in ${windowMs / 1000} s; try again in ${decision.retryAfterSeconds} s`)]);
    res.headers.set('retry-after', String(decision.retryAfterSeconds));
    return res;
  };

  /** A client-address limiter's decision; undefined (serve the request) without a limiter, an address, or when it fails. */
  const clientDecision = async (limiter: RateLimiter | undefined, how: 'take' | 'peek', address: string | undefined, request: RequestLike): Promise<RateDecision | undefined> => {
    if (!limiter || address === undefined) return undefined;
    try {
      return how === 'take' || !limiter.peek ? await limiter.take(address, clock.now()) : await limiter.peek(address, clock.now());
    } catch (e) {
      options.onError?.(e, realRequest(request));
      return undefined;
    }
  };
  const clientOf = (request: RequestLike, extras: RequestExtras): string | undefined =>
    clientAddress(request, extras.remoteAddress, options.clientRateLimit?.trustedProxies ?? 0);
  const retryAfter = (res: Response, decision: RateDecision & { allowed: false }): Response => {
    res.headers.set('retry-after', String(decision.retryAfterSeconds));
    return res;
  };
  /** 429 for an address whose refused credentials are spent. */
  const tooManyFailures = (route: Route, decision: RateDecision & { allowed: false }): Response =>
    retryAfter(
      failure(route.style, 429, [
        error(httpCodes.rateLimited, `too many refused credentials from this address (${decision.limit.requests} in ${decision.limit.windowMs / 1000} s); try again in ${decision.retryAfterSeconds} s`),
      ]),
      decision,
    );

  /**
   * Authenticates, minding the client's refused credentials: an address that has spent them is answered 429
   * before its credentials are looked at, so guessing stops; each refusal of credentials that were sent counts.
   */
  const authenticateLimited = async (route: Route, request: RequestLike, extras: RequestExtras): ReturnType<typeof authenticateFor> => {
    const limiter = options.clientRateLimit?.failedLogins;
    // Only credentials that were sent can be guesses: a request without any is answered as it would be.
    if (!limiter || !request.headers.has('authorization')) return authenticateFor(route, request);
    const address = clientOf(request, extras);
    const before = await clientDecision(limiter, 'peek', address, request);
    if (before && !before.allowed) return { ok: false, response: tooManyFailures(route, before) };
    const who = await authenticateFor(route, request);
    if (who.ok || who.response.status !== 401) return who;
    const after = await clientDecision(limiter, 'take', address, request);
    return after && !after.allowed ? { ok: false, response: tooManyFailures(route, after) } : who;
  };

  /** Serves one request; `audited` learns the route, caller and body as they become known. */
  const serve = async (request: RequestLike, extras: RequestExtras, audited: Partial<AuditFacts>): Promise<Response> => {
    const light = request instanceof LightRequest;
    const url = light ? request.parsedUrl : new URL(request.url);
    const path = belowBase(url.pathname, basePath);
    if (path === undefined) {
      await request.body?.cancel().catch(() => undefined);
      return failure('plain', 404, [error(httpCodes.notFound, `no route ${url.pathname}: gstkit serves ${basePath}/`)]);
    }
    if (path === '/openapi.json') {
      if (request.method !== 'GET' && request.method !== 'HEAD') return headerFailure(405, httpCodes.methodNotAllowed, 'use GET', { allow: 'GET' });
      openapi ??= JSON.stringify(openApiDocument({ routes: enabled, basePath, health: options.health !== undefined }));
      return new Response(openapi, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
    }
    if (path === '/health' && options.health) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return headerFailure(405, httpCodes.methodNotAllowed, 'use GET', { allow: 'GET' });
      return healthResponse(options.health);
    }
    if (path === '/api/deal' || path === '/api/deal/') {
      if (request.method !== 'POST') return dealFailure(405, 'VALIDATION_ERROR', 'use POST', undefined);
      // Every inquiry counts, valid or not, before any of it is read: the route needs no credentials.
      const decision = await clientDecision(options.clientRateLimit?.inquiries, 'take', clientOf(request, extras), request);
      if (decision && !decision.allowed) {
        await request.body?.cancel().catch(() => undefined);
        const { requests, windowMs } = decision.limit;
        // The inquiry's error body has the specification's codes only; SVC-974 is in Svc-ErrorCode.
        const res = dealFailure(
          429,
          'VALIDATION_ERROR',
          `too many inquiries from this address (${requests} in ${windowMs / 1000} s); try again in ${decision.retryAfterSeconds} s`,
          `Wait ${decision.retryAfterSeconds} s before sending another inquiry.`,
        );
        res.headers.set('svc-errorcode', httpCodes.rateLimited);
        return retryAfter(res, decision);
      }
      return handleDeal(realRequest(request), extras, options, limit);
    }
    let matched: { c: Compiled; m: RegExpExecArray } | undefined;
    const allowed: string[] = [];
    for (const c of compiled) {
      const m = c.pattern.exec(path);
      if (!m) continue;
      if (c.route.method === request.method || (c.route.method === 'GET' && request.method === 'HEAD')) {
        matched = { c, m };
        break;
      }
      allowed.push(c.route.method);
    }
    if (!matched) {
      const style: ResponseStyle = path.startsWith('/api/svc/einvoice/') || path.startsWith('/api/svc/gst/') ? 'svc' : 'plain';
      await request.body?.cancel().catch(() => undefined);
      if (allowed.length > 0) {
        const res = failure(style, 405, [error(httpCodes.methodNotAllowed, `use ${allowed.join(' or ')}`)]);
        res.headers.set('allow', allowed.join(', '));
        return res;
      }
      return failure(style, 404, [error(httpCodes.notFound, `no route ${path}`)]);
    }
    const { route } = matched.c;
    const params = pathParams(matched.c.names, matched.m);
    if (!params) {
      await request.body?.cancel().catch(() => undefined);
      return failure(route.style, 400, [error(httpCodes.badUrl, 'the path has a malformed percent-escape or a NUL (%00)')]);
    }

    let company: Company = { id: '', gstins: [] };
    let keyId = '';
    if (route.auth) {
      const who = await authenticateLimited(route, request, extras);
      if (!who.ok) {
        await request.body?.cancel().catch(() => undefined);
        return who.response;
      }
      company = who.company;
      keyId = who.keyId;
      Object.assign(audited, { route, companyId: company.id, keyId, body: {} });
      const limited = await rateLimited(route, keyId, request);
      if (limited) {
        await request.body?.cancel().catch(() => undefined);
        return limited;
      }
    }

    // A URL without a query needs no URLSearchParams built.
    const flags = readFlags(url.search === '' ? undefined : url.searchParams, route.flags);
    if (flags.errors.length > 0) {
      await request.body?.cancel().catch(() => undefined);
      return failure(route.style, 400, flags.errors);
    }
    if (flags.values.gstin) audited.gstin = flags.values.gstin;
    if (route.ownGstinFlag) {
      const g = flags.values[route.ownGstinFlag];
      if (g && !company.gstins.includes(g)) {
        await request.body?.cancel().catch(() => undefined);
        return failure(route.style, 403, [error(httpCodes.forbidden, `the company may not act for GSTIN ${g}`, '/query/gstin')]);
      }
    }

    let body: Record<string, unknown> = {};
    if (route.requestKind) {
      const read = await readJson(request, limit, extras);
      if (!read.ok) return route.style === 'gstr' ? headerFailure(read.status, read.status === 413 ? httpCodes.bodyTooLarge : gstrCodes.badRequest, read.issue.message) : failure(route.style, read.status, [read.issue]);
      // A refused body still names its document in the audit log (only short identifying fields are kept).
      if (read.value !== null && typeof read.value === 'object' && !Array.isArray(read.value)) audited.body = read.value as Record<string, unknown>;
      const validateOptions = {
        today: istDate(clock.now()),
        ...(options.reportingWindowDays !== undefined ? { reportingWindowDays: options.reportingWindowDays } : {}),
        ...(company.aato !== undefined ? { aato: company.aato } : {}),
      };
      // A body this handler parsed is its own to keep in the validated value; one the host parsed is copied.
      const checked = read.parsed ? validateHandedOver(route.requestKind, read.value, validateOptions, read.parsed) : validate(route.requestKind, read.value, validateOptions);
      if (!checked.ok) return route.style === 'gstr' ? gstrValidationFailure(checked.errors) : failure(route.style, 400, checked.errors);
      if (checked.value === null || typeof checked.value !== 'object' || Array.isArray(checked.value)) {
        return failure(route.style, 400, [error(httpCodes.malformedJson, 'the body must be a JSON object')]);
      }
      body = checked.value as unknown as Record<string, unknown>; // each route reads its own kind field by field
      audited.body = body;
    }
    // isRouteEnabled checked that the providers this route calls are present.
    return route.run(new RouteCall(request, light ? streamlessJson : json, url, extras, company, keyId, flags.values, params, body, options as EnabledOptions, clock));
  };

  /** Every authenticated call that is not a GET is audited, whatever its route and outcome. */
  const audit = async (audited: Partial<AuditFacts>, response: Response, request: RequestLike): Promise<void> => {
    if (!options.audit || !audited.route || audited.route.method === 'GET' || audited.companyId === undefined) return;
    try {
      await options.audit.addAudit(await auditEntry({ ...(audited as AuditFacts), at: clock.now() }, response));
    } catch (e) {
      options.onError?.(e, realRequest(request));
    }
  };

  const answer = async (request: RequestLike, extras: RequestExtras, audited: Partial<AuditFacts>): Promise<Response> => {
    try {
      return await serve(request, extras, audited);
    } catch (e) {
      if (e instanceof JobQueueFullError) return headerFailure(503, httpCodes.unavailable, e.message, { 'retry-after': '5' });
      options.onError?.(e, realRequest(request));
      let style: ResponseStyle = 'plain';
      try {
        const p = belowBase(new URL(request.url).pathname, basePath) ?? '/';
        style = p.startsWith('/api/deal') ? 'deal' : p.startsWith('/api/svc/einvoice/') || p.startsWith('/api/svc/gst/') ? 'svc' : 'plain';
      } catch {
        /* keep plain */
      }
      // The database or the queue is away, or the disk is full: foreseen, coded, and worth retrying later.
      if (e instanceof StoreUnavailableError || e instanceof JobQueueUnavailableError) {
        const unavailable = failure(style, 503, [error(httpCodes.unavailable, e.message)]);
        unavailable.headers.set('retry-after', '2');
        return unavailable;
      }
      if (e instanceof StoreFullError) {
        const full = failure(style, 507, [error(httpCodes.storageFull, e.message)]);
        full.headers.set('retry-after', '60');
        return full;
      }
      if (style === 'deal') return dealFailure(500, 'UNKNOWN_ERROR', 'something unforeseen went wrong', 'Please try again later.');
      return failure(style, 500, [error(httpCodes.internal, 'something unforeseen went wrong; the request was not completed')]);
    }
  };
  const handle = async (request: RequestLike, extras: RequestExtras): Promise<Response> => {
    const audited: Partial<AuditFacts> = {};
    const response = await answer(request, extras, audited);
    await audit(audited, response, request);
    return response;
  };
  const handler = (request: Request, extras: RequestExtras = {}): Promise<Response> => handle(request, extras);

  const methodsAt = (pathname: string): string[] => {
    const path = belowBase(pathname, basePath);
    if (path === undefined) return [];
    if (path === '/openapi.json' || (path === '/health' && options.health)) return ['GET', 'HEAD'];
    if (path === '/api/deal' || path === '/api/deal/') return ['POST'];
    const methods = compiled.filter((c) => c.pattern.test(path)).map((c) => c.route.method);
    return methods.includes('GET') ? [...methods, 'HEAD'] : methods;
  };
  const gst = Object.assign(handler, { basePath, methodsAt, readsBodyBytes: true });
  setLightEntry(gst, handle);
  return gst;
}

export { json };
