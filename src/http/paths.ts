/**
 * Which paths belong to gstkit, under the base path a handler is mounted at.
 * @module
 */

/**
 * Normalises a base path: '' for none, otherwise one leading slash and no trailing one (`gst/` → `/gst`).
 * Throws on a path with a query, a fragment or `..`: that is a programming error of the host.
 */
export function normalizeBasePath(basePath: string | undefined): string {
  if (basePath === undefined) return '';
  const trimmed = basePath.trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (/[?#\s]|(^|\/)\.\.?(\/|$)/.test(trimmed)) throw new TypeError(`basePath ${JSON.stringify(basePath)} is not a plain path`);
  return '/' + trimmed;
}

/** The path below the base path, or undefined when the path is outside it. */
export function belowBase(pathname: string, basePath: string): string | undefined {
  if (basePath === '') return pathname;
  if (pathname === basePath) return '/';
  return pathname.startsWith(basePath + '/') ? pathname.slice(basePath.length) : undefined;
}

/** True for the paths the handler serves (under its base path). */
export function isGstPath(pathname: string, basePath = ''): boolean {
  const path = belowBase(pathname, normalizeBasePath(basePath));
  if (path === undefined) return false;
  return path === '/openapi.json' || path.startsWith('/api/svc/') || path === '/api/deal' || path === '/api/deal/' || path.startsWith('/api/sandbox/');
}

/** The route patterns (with `*` wildcards) a router mounts to give gstkit all of its paths. */
export function gstPathPatterns(basePath?: string): string[] {
  const base = normalizeBasePath(basePath);
  return ['/api/svc/*', '/api/deal', '/api/sandbox/*', '/openapi.json'].map((p) => base + p);
}
