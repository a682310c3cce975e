/**
 * The step that counts a call against its limits: each caller's (the API key the authenticate step named)
 * on routes that take credentials, and the client address's on a route that names an address limit. Over a
 * limit, 429 `SVC-974` with `Retry-After`; a failing limiter lets the request through and tells `onError`.
 * @module
 */
import type { RateDecision, RateLimiter } from '../../ports/ratelimit.js';
import { httpCodes } from '../codes.js';
import { realRequest } from '../light-request.js';
import { dealFailure } from '../responses.js';
import type { Route } from '../types.js';
import { clientDecision } from './client-limits.js';
import type { Exchange } from './exchange.js';
import { tooManyRequests, withRetryAfter } from './failure.js';
import type { HandlerSetup } from './setup.js';

/** Counts the call; a 429 when a limit is spent. */
export async function rateLimit(setup: HandlerSetup, x: Exchange): Promise<Response | undefined> {
  const route = x.route as Route;
  const limiter = setup.options.rateLimit;
  if (route.auth && limiter) return perKey(setup, x, route, limiter);
  if (route.addressLimit === 'inquiries') return perAddress(setup, x);
  return undefined;
}

async function perKey(setup: HandlerSetup, x: Exchange, route: Route, limiter: RateLimiter): Promise<Response | undefined> {
  let decision: RateDecision;
  try {
    decision = await limiter.take(x.keyId, setup.clock.now());
  } catch (e) {
    setup.options.onError?.(e, realRequest(x.request));
    return undefined;
  }
  if (decision.allowed) return undefined;
  const { requests, windowMs } = decision.limit;
  return tooManyRequests(
    route.style,
    `this API key may make ${requests} requests in ${windowMs / 1000} s; try again in ${decision.retryAfterSeconds} s`,
    decision.retryAfterSeconds,
  );
}

/** Every inquiry counts, valid or not, before any of it is read. */
async function perAddress(setup: HandlerSetup, x: Exchange): Promise<Response | undefined> {
  const decision = await clientDecision(setup, x, setup.options.clientRateLimit?.inquiries, 'take');
  if (!decision || decision.allowed) return undefined;
  const { requests, windowMs } = decision.limit;
  // The inquiry's error body has the specification's codes only; SVC-974 is in Svc-ErrorCode.
  const res = dealFailure(
    429,
    'VALIDATION_ERROR',
    `too many inquiries from this address (${requests} in ${windowMs / 1000} s); try again in ${decision.retryAfterSeconds} s`,
    `Wait ${decision.retryAfterSeconds} s before sending another inquiry.`,
  );
  res.headers.set('svc-errorcode', httpCodes.rateLimited);
  return withRetryAfter(res, decision.retryAfterSeconds);
}
