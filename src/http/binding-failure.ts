/**
 * The failures a binding answers itself, before the handler runs (a body too large, a bad Host header, a
 * path or method no route serves), in the style of the route table at the path.
 * @module
 */
import { error } from '../issue.js';
import { failure } from './handler/failure.js';
import { styleAt } from './handler/style-near.js';
import { belowBase, normalizeBasePath } from './paths.js';
import { routes } from './routes.js';

/** A failure in the style of the route at `pathname`: Success/Errors, the inquiry's body, or Svc-Error headers. */
export function errorResponse(pathname: string, status: number, code: string, message: string, basePath = ''): Response {
  const path = belowBase(pathname, normalizeBasePath(basePath)) ?? pathname;
  return failure(styleAt(routes, path), status, [error(code, message)]);
}
