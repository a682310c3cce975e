/**
 * A framework's own mount prefix against the handler's `basePath`. Express (`app.use('/gst', …)`), a
 * Fastify plugin's `prefix` and Hono's `app.route('/gst', …)` put gstkit under a path the handler does not
 * know unless it was built with the same `basePath`; then its routes, its OpenAPI document and its error
 * bodies would name the wrong paths. The bindings check it: where the two agree it works, where they differ
 * they say so, naming `basePath`, instead of answering a silent 404.
 * @module
 */
import { httpCodes } from './codes.js';
import { normalizeBasePath } from './paths.js';

/** The code of a gstkit mounted under a framework prefix that its handler's `basePath` does not name (HTTP 500). */
export const MOUNT_MISMATCH = httpCodes.mountMismatch;

/** The message that says what to change. */
export function mountMismatchMessage(how: string, prefix: string, basePath: string): string {
  return `gstkit is mounted under '${prefix}' (${how}) but its handler's basePath is '${basePath}': build it with createGstHandler({ ..., basePath: '${prefix}' })`;
}

/** The prefix as a base path ('' for none), or undefined when it is not a plain path. */
export function prefixAsBasePath(prefix: string | undefined): string | undefined {
  try {
    return normalizeBasePath(prefix);
  } catch {
    return undefined;
  }
}
