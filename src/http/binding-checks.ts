/**
 * What a binding checks before it can build a fetch Request for the handler: a method the Fetch standard
 * cannot carry, and a Host header that is not a host. Each is the client's mistake and gets a coded 4xx.
 * @module
 */
import { errorResponse } from './binding-failure.js';
import type { GstHandler } from './types.js';

/** Methods a fetch Request cannot carry (the Fetch standard forbids them); no gstkit route serves them. */
export const unservedMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** 405 with the methods the path has, or 404 where no route has it. */
export function unservedMethod(handler: GstHandler, pathname: string, method: string): Response {
  const allowed = handler.methodsAt?.(pathname) ?? [];
  if (allowed.length === 0) return errorResponse(pathname, 404, 'SVC-906', `no route ${pathname}`, handler.basePath);
  const response = errorResponse(pathname, 405, 'SVC-907', `${method} is not served; use ${allowed.join(' or ')}`, handler.basePath);
  response.headers.set('allow', allowed.join(', '));
  return response;
}

/**
 * The request's URL: its path and query as sent (`//x` stays a path), on the host it names; undefined when
 * the Host header is not a host (RFC 9112 asks for a 400).
 */
export function requestUrl(rawUrl: string, host: string | undefined): URL | undefined {
  try {
    const origin = originOf(host ?? 'localhost');
    if (!origin) return undefined;
    return rawUrl.startsWith('/') ? new URL(origin.origin + rawUrl) : new URL(rawUrl, origin);
  } catch {
    return undefined;
  }
}

// A server sees few Host values, mostly one: the last one's origin is kept rather than parsed per request.
let lastHost: string | undefined;
let lastOrigin: URL | undefined;

/** `http://host` when the Host header is a host (and nothing more), else undefined; throws when it is no URL. */
function originOf(host: string): URL | undefined {
  if (host === lastHost) return lastOrigin;
  const origin = new URL(`http://${host}`);
  const ok = origin.pathname === '/' && origin.search === '' && origin.username === '' && origin.password === '' ? origin : undefined;
  lastHost = host;
  lastOrigin = ok;
  return ok;
}
