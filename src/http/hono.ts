/**
 * Hono binding (`gstkit/http/hono`). Hono speaks `Request` and `Response`, so this only mounts the
 * handler on every path it serves (under its base path) and passes the client address along.
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
}

/** The member of a Hono app the binding uses. */
export interface HonoLike {
  all(path: string, handler: (c: HonoContextLike) => Response | Promise<Response>): unknown;
}

export interface HonoBindingOptions {
  /** Reads the client address from the context (default: the `x-forwarded-for` or `cf-connecting-ip` header). */
  remoteAddress?: (c: HonoContextLike) => string | undefined;
}

function forwardedFor(c: HonoContextLike): string | undefined {
  return c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
}

/** Mounts the handler on `app`: `mountGstkit(app, createGstHandler(options))`. Returns the app. */
export function mountGstkit<App extends HonoLike>(app: App, handler: GstHandler, options: HonoBindingOptions = {}): App {
  const address = options.remoteAddress ?? forwardedFor;
  for (const path of gstPathPatterns(handler.basePath)) {
    app.all(path, (c) => {
      const remoteAddress = address(c);
      return handler(c.req.raw, remoteAddress === undefined ? {} : { remoteAddress });
    });
  }
  return app;
}
