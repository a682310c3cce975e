/**
 * The limits counted per client address, where no API key answers (sales inquiries, refused credentials).
 * A request without an address is not limited, and a failing limiter lets the request through and tells
 * the host's `onError`.
 * @module
 */
import { clientAddress } from '../../ratelimit/client-address.js';
import type { RateDecision, RateLimiter } from '../../ports/ratelimit.js';
import { realRequest } from '../light-request.js';
import type { Exchange } from './exchange.js';
import type { HandlerSetup } from './setup.js';

/** The address the limits count: the connection's, or the one trusted proxies name. */
export function clientOf(setup: HandlerSetup, x: Exchange): string | undefined {
  return clientAddress(x.request, x.extras.remoteAddress, setup.options.clientRateLimit?.trustedProxies ?? 0);
}

/** A client-address limiter's decision: `take` counts the call, `peek` only looks. Undefined serves the request. */
export async function clientDecision(
  setup: HandlerSetup,
  x: Exchange,
  limiter: RateLimiter | undefined,
  how: 'take' | 'peek',
): Promise<RateDecision | undefined> {
  const address = limiter ? clientOf(setup, x) : undefined;
  if (!limiter || address === undefined) return undefined;
  const now = setup.clock.now();
  try {
    return how === 'take' || !limiter.peek ? await limiter.take(address, now) : await limiter.peek(address, now);
  } catch (e) {
    setup.options.onError?.(e, realRequest(x.request));
    return undefined;
  }
}
