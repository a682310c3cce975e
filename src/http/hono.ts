/**
 * Hono binding (`gstkit/http/hono`). Hono speaks `Request` and `Response`, so this only mounts the
 * handler on every path it serves (under its base path) and passes the connection's address along.
 *
 * Hono is described by the members used rather than imported, so these declarations compile in a
 * project without Hono.
 * @module
 */
import { gstPathPatterns } from './paths.js';
import type { GstHandler } from './types.js';

/** The members of a Hono context the binding reads. */
export interface HonoContextLike {
  req: { raw: Request; header(name: string): string | undefined };
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
  for (const path of gstPathPatterns(handler.basePath)) {
    app.all(path, (c) => {
      const remoteAddress = address(c);
      return handler(c.req.raw, remoteAddress === undefined ? {} : { remoteAddress });
    });
  }
  return app;
}
