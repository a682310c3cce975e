/**
 * The handler's steps in order: match → authenticate (with the failed-login limit) → rate limit → flags →
 * body and validation → run, every thrown error mapped to a coded answer in the route's style, then the
 * audit. A step answers with a failure to end the request there, or with nothing to go on.
 * @module
 */
import { realRequest, type RequestLike } from '../light-request.js';
import type { RequestExtras } from '../types.js';
import { auditCall } from './audit-call.js';
import { authenticate } from './authenticate.js';
import { dropBody, Exchange } from './exchange.js';
import { thrownFailure } from './failure.js';
import { readRouteFlags } from './flags.js';
import { matchRoute } from './match.js';
import { rateLimit } from './rate-limit.js';
import { readBody } from './read-body.js';
import { runRoute } from './run.js';
import type { HandlerSetup } from './setup.js';
import { styleAt } from './style-near.js';

/** Serves one request through every step. */
export function serveWith(setup: HandlerSetup): (request: RequestLike, extras: RequestExtras) => Promise<Response> {
  return async (request, extras) => {
    const x = new Exchange(request, extras);
    const response = await answer(setup, x);
    await auditCall(setup, x, response);
    return response;
  };
}

async function answer(setup: HandlerSetup, x: Exchange): Promise<Response> {
  try {
    // The steps before the body: a refusal lets go of the body unread.
    const refused = matchRoute(setup, x) ?? (await authenticate(setup, x)) ?? (await rateLimit(setup, x)) ?? readRouteFlags(x);
    if (refused) {
      await dropBody(x.request);
      return refused;
    }
    return (await readBody(setup, x)) ?? (await runRoute(setup, x));
  } catch (e) {
    const style = x.route?.style ?? (x.path === '' ? 'plain' : styleAt(setup.matcher.table, x.path));
    return thrownFailure(e, style, (thrown) => setup.options.onError?.(thrown, realRequest(x.request)));
  }
}
