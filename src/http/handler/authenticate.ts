/**
 * The step that names the caller, on routes that take credentials: the host's authenticate hook, the
 * `Svc-Company` header, and the failed-login limit per client address (an address that has spent its
 * refused credentials is answered 429 before its credentials are looked at, so guessing stops).
 * @module
 */
import { error } from '../../issue.js';
import type { RateDecision } from '../../ports/ratelimit.js';
import { httpCodes } from '../codes.js';
import { realRequest } from '../light-request.js';
import type { Route } from '../types.js';
import { clientDecision } from './client-limits.js';
import type { Exchange } from './exchange.js';
import { failure, tooManyRequests } from './failure.js';
import type { HandlerSetup } from './setup.js';

/** Authenticates the caller of a route that takes credentials; a failure when it cannot. */
export async function authenticate(setup: HandlerSetup, x: Exchange): Promise<Response | undefined> {
  const route = x.route as Route;
  if (!route.auth) return undefined;
  const limiter = setup.options.clientRateLimit?.failedLogins;
  // Only credentials that were sent can be guesses: a request without any is answered as it would be.
  if (!limiter || !x.request.headers.has('authorization')) return identify(setup, x, route);
  const before = await clientDecision(setup, x, limiter, 'peek');
  if (before && !before.allowed) return tooManyFailures(route, before);
  const refused = await identify(setup, x, route);
  if (refused?.status !== 401) return refused;
  const after = await clientDecision(setup, x, limiter, 'take');
  return after && !after.allowed ? tooManyFailures(route, after) : refused;
}

/** Asks the host's hook who calls, and checks the company the request names; a failure when refused. */
async function identify(setup: HandlerSetup, x: Exchange, route: Route): Promise<Response | undefined> {
  const hook = setup.options.authenticate;
  // gstkit's own hooks read only the headers: they take the light request as it is.
  const outcome = await hook(hook.headersOnly ? (x.request as Request) : realRequest(x.request));
  if (!outcome.ok) {
    const unauthenticated = outcome.status === 401;
    const res = failure(route.style, outcome.status, [error(unauthenticated ? httpCodes.unauthenticated : httpCodes.forbidden, outcome.message)]);
    if (unauthenticated) res.headers.set('www-authenticate', 'Basic realm="gstkit"');
    return res;
  }
  const named = x.request.headers.get('svc-company');
  if (named !== null && named.trim() !== outcome.company.id)
    return failure(route.style, 403, [error(httpCodes.forbidden, 'Svc-Company does not name the authenticated company')]);
  if (named === null && route.style === 'gstr' && route.requestKind)
    return failure(route.style, 403, [error(httpCodes.forbidden, 'the Svc-Company header is required')]);
  x.company = outcome.company;
  x.keyId = outcome.keyId ?? outcome.company.id;
  x.audited = true;
  return undefined;
}

function tooManyFailures(route: Route, decision: RateDecision & { allowed: false }): Response {
  const { requests, windowMs } = decision.limit;
  return tooManyRequests(
    route.style,
    `too many refused credentials from this address (${requests} in ${windowMs / 1000} s); try again in ${decision.retryAfterSeconds} s`,
    decision.retryAfterSeconds,
  );
}
