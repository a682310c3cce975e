/**
 * Hono binding (`gstkit/http/hono`). Hono speaks `Request` and `Response`, so this only mounts the
 * handler on every path it serves (under its base path) and passes the connection's address along.
 *
 * Hono is described by the members used rather than imported, so these declarations compile in a
 * project without Hono.
 * @module
 */
import { errorResponse } from './binding-failure.js';
import { gstPathPatterns } from './paths.js';
import { MOUNT_MISMATCH, mountMismatchMessage, prefixAsBasePath } from './mount-prefix.js';
import type { GstHandler } from './types.js';

/** The members of a Hono context the binding reads. */
export interface HonoContextLike {
  /** `routePath`: the pattern that matched, with the prefixes of any `app.route(prefix, sub)` before it. */
  req: { raw: Request; header(name: string): string | undefined; routePath?: string };
  /** The runtime's bindings: on Node (`@hono/node-server`) the incoming message, on Bun the server. */
  env?: unknown;
}

/** The member of a Hono app the binding uses. */
export interface HonoLike {
  all(path: string, handler: (c: HonoContextLike) => Response | Promise<Response>): unknown;
}

export interface HonoBindingOptions {
  /**
   * Reads the address of the connection's peer from the context (default: the socket's on Node, the
   * server's `requestIP` on Bun, `remoteAddr` on Deno). Give the peer, not a header: the handler believes
   * `X-Forwarded-For` only as far as `clientRateLimit.trustedProxies` says, like every binding.
   */
  remoteAddress?: (c: HonoContextLike) => string | undefined;
  /**
   * The prefix under which `app` will be routed (`parent.route('/gst', app)`). The handler's `basePath`
   * must begin with it (usually equal it); the patterns are mounted without it, since Hono adds it back.
   */
  routedAt?: string;
}

interface RuntimeEnv {
  incoming?: { socket?: { remoteAddress?: string } };
  requestIP?: (request: Request) => { address?: string } | null | undefined;
  remoteAddr?: { hostname?: string };
}

/**
 * The peer of the connection where the runtime tells it. A header is never read here: any client can
 * write one, and a forged address would dodge the per-client limits.
 */
function connectionAddress(c: HonoContextLike): string | undefined {
  const env = (typeof c.env === 'object' && c.env !== null ? c.env : {}) as RuntimeEnv;
  if (env.incoming?.socket?.remoteAddress) return env.incoming.socket.remoteAddress;
  if (typeof env.requestIP === 'function') {
    try {
      return env.requestIP(c.req.raw)?.address ?? undefined;
    } catch {
      return undefined;
    }
  }
  return env.remoteAddr?.hostname ?? undefined;
}

/** Mounts the handler on `app`: `mountGstkit(app, createGstHandler(options))`. Returns the app. */
export function mountGstkit<App extends HonoLike>(app: App, handler: GstHandler, options: HonoBindingOptions = {}): App {
  const address = options.remoteAddress ?? connectionAddress;
  const basePath = handler.basePath ?? '';
  const routedAt = prefixAsBasePath(options.routedAt);
  if (routedAt === undefined) throw new TypeError(`routedAt ${JSON.stringify(options.routedAt)} is not a plain path`);
  if (routedAt !== '' && basePath !== routedAt && !basePath.startsWith(`${routedAt}/`)) {
    throw new TypeError(mountMismatchMessage(`app.route('${routedAt}', ...)`, routedAt, basePath));
  }
  for (const path of gstPathPatterns(basePath)) {
    const local = path.slice(routedAt.length);
    app.all(local, (c) => {
      // Routed under a prefix the handler was not told of: its paths would all be wrong, so say which.
      const matched = c.req.routePath;
      if (matched !== undefined && matched !== path && matched.endsWith(local)) {
        const prefix = matched.slice(0, matched.length - local.length);
        return errorResponse(
          local,
          500,
          MOUNT_MISMATCH,
          `${mountMismatchMessage(`app.route('${prefix}', ...)`, prefix, basePath)} and mount it with mountGstkit(sub, handler, { routedAt: '${prefix}' })`,
        );
      }
      const remoteAddress = address(c);
      return handler(c.req.raw, remoteAddress === undefined ? {} : { remoteAddress });
    });
  }
  return app;
}
