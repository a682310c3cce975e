/**
 * Which routes a handler serves: those whose providers the host gave. A route whose provider is
 * missing answers 404 as if it did not exist, and is left out of the OpenAPI document.
 * @module
 */
import { healthRoute } from './health.js';
import type { GstHandlerOptions, ProviderName, Route } from './types.js';

/** The providers of each tag of the route table; a route may name its own with `needs`. */
const byTag: Readonly<Record<string, readonly ProviderName[]>> = {
  'e-invoice': ['irp'],
  'e-waybill': ['ewb'],
  GSTIN: ['registry'],
  'payment QR': ['payee'],
  GSTR: ['jobs'],
  jobs: ['jobs'],
  sandbox: ['signingCertificatePem'],
  audit: ['audit'],
  webhooks: ['webhooks'],
};

/** Routes that call more than their tag says. */
const byOperation: Readonly<Record<string, readonly ProviderName[]>> = {
  generateEwbByIrn: ['irp', 'ewb'],
};

/** The providers a route calls. A route of an unknown tag needs none. */
export function routeNeeds(route: Route): readonly ProviderName[] {
  return route.needs ?? byOperation[route.operationId] ?? byTag[route.tag] ?? [];
}

/** True when every provider the route calls was given. */
export function isRouteEnabled(route: Route, options: GstHandlerOptions): boolean {
  return routeNeeds(route).every((name) => options[name] !== undefined);
}

/** The routes a handler built with `options` serves: the table's rows it enabled, and `/health` when it has checks. */
export function servedRoutes(table: readonly Route[], options: GstHandlerOptions): Route[] {
  const served = table.filter((route) => isRouteEnabled(route, options));
  return options.health ? [...served, healthRoute] : served;
}
