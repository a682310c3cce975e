/**
 * A route's request body under its kind's generated type.
 * @module
 */
import type { RequestKind } from '../kinds.js';
import type { PayloadTypes } from '../types/payloads.js';
import type { RouteContext } from './types.js';

/**
 * The body of a route whose `requestKind` is `kind`. The adapter has already validated and normalized it
 * against that kind's schema before the route runs, so it has the kind's canonical type: the one place the
 * adapter states so, instead of a cast in each route.
 */
export function validatedBody<K extends RequestKind>(ctx: RouteContext, _kind: K): PayloadTypes[K] {
  return ctx.body as unknown as PayloadTypes[K];
}
