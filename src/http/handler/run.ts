/**
 * The step that runs the route's own code with what the steps before it learnt. `isRouteEnabled` checked,
 * when the handler was built, that the providers the route calls are present.
 * @module
 */
import { LightRequest } from '../light-request.js';
import { json, streamlessJson } from '../responses.js';
import { RouteCall } from '../route-context.js';
import type { EnabledOptions, Route } from '../types.js';
import type { Exchange } from './exchange.js';
import type { HandlerSetup } from './setup.js';

/** The route's answer. */
export function runRoute(setup: HandlerSetup, x: Exchange): Promise<Response> {
  // On the node binding's light path the reply carries no body stream: the binding writes its text.
  const reply = x.request instanceof LightRequest ? streamlessJson : json;
  const call = new RouteCall(x.request, reply, x.url, x.extras, x.company, x.keyId, x.flags, x.params, x.body, setup.options as EnabledOptions, setup.clock);
  return (x.route as Route).run(call);
}
