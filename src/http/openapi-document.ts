/**
 * `openApiDocument`: the OpenAPI 3.1 document of the route table, or of the routes a handler serves.
 * @module
 */
import { routeNeeds } from './enabled.js';
import { healthRoute } from './health.js';
import { describeRoutes } from './openapi.js';
import { routes } from './routes.js';
import type { Route } from './types.js';

/** What the document describes: by default every route, served at the root. */
export interface OpenApiOptions {
  /** The routes a handler serves (those whose providers it was given). */
  routes?: readonly Route[];
  /** The handler's base path, given as the document's server URL. */
  basePath?: string;
  /** Whether `GET /health` is served. */
  health?: boolean;
}

/**
 * Builds the OpenAPI 3.1 document. The routes that need no provider (the sales inquiry, the document
 * itself) are served by every handler, so the document names them whichever routes it is given.
 */
export function openApiDocument(options: OpenApiOptions = {}): Record<string, unknown> {
  const listed = [...(options.routes ?? routes)];
  for (const route of routes) if (routeNeeds(route).length === 0 && !listed.includes(route)) listed.push(route);
  if (options.health && !listed.includes(healthRoute)) listed.push(healthRoute);
  return describeRoutes(listed, options.basePath);
}
