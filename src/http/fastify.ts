/**
 * Fastify binding (`gstkit/http/fastify`): a plugin that serves the handler's paths. It keeps the raw
 * body (its own parsers are switched off inside the plugin's scope) so the handler gives coded answers
 * for malformed JSON and oversized bodies. Only translation.
 *
 * The Fastify types are described here by the few members the plugin uses rather than imported from
 * `fastify`, so that a project compiling gstkit's declarations needs Fastify only if it uses Fastify.
 * @module
 */
import { DEFAULT_BODY_LIMIT } from './body.js';
import { errorResponse } from './binding-failure.js';
import { gstPathPatterns } from './paths.js';
import { mountMismatchMessage, prefixAsBasePath } from './mount-prefix.js';
import { requestUrl, unservedMethod, unservedMethods } from './binding-checks.js';
import type { GstHandler } from './types.js';

/** The members of a Fastify request the plugin reads. */
export interface FastifyRequestLike {
  url: string;
  method: string;
  ip: string;
  /** The connection (Fastify 4 and later); its peer is the address passed on, whatever `trustProxy` says. */
  socket?: { remoteAddress?: string | undefined };
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** The members of a Fastify reply the plugin uses. */
export interface FastifyReplyLike {
  code(status: number): unknown;
  header(key: string, value: string): unknown;
  send(payload?: unknown): unknown;
}

type FastifyReply = FastifyReplyLike;
type FastifyRequest = FastifyRequestLike;

/** The members of a Fastify instance the plugin uses. */
export interface FastifyInstanceLike {
  removeAllContentTypeParsers(): unknown;
  addContentTypeParser(
    contentType: string,
    options: { parseAs: 'buffer'; bodyLimit: number },
    parser: (request: never, body: Buffer, done: (err: Error | null, body?: unknown) => void) => void,
  ): unknown;
  setErrorHandler(handler: (error: { statusCode?: number; message?: string }, request: FastifyRequestLike, reply: FastifyReplyLike) => unknown): unknown;
  all(path: string, handler: (request: FastifyRequestLike, reply: FastifyReplyLike) => Promise<unknown>): unknown;
  /** The prefix the plugin was registered under (`app.register(gstkitFastify, { prefix })`). */
  readonly prefix?: string;
}

export interface FastifyBindingOptions {
  handler: GstHandler;
  /** Default 5 MiB. */
  bodyLimit?: number;
}

async function reply(res: FastifyReply, response: Response): Promise<unknown> {
  res.code(response.status);
  response.headers.forEach((value, key) => {
    res.header(key, value);
  });
  return res.send(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/**
 * Register with `app.register(gstkitFastify, { handler })`. Without fastify-plugin wrapping, the
 * parser change stays inside this plugin and does not touch the host's routes.
 */
export async function gstkitFastify(app: FastifyInstanceLike, options: FastifyBindingOptions): Promise<void> {
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));
  app.setErrorHandler(async (err: { statusCode?: number; message?: string }, req, res) => {
    const status = err.statusCode === 413 ? 413 : err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    const code = status === 413 ? 'SVC-904' : status < 500 ? 'SVC-903' : 'SVC-950';
    const path = req.url.split('?')[0] ?? '/';
    return reply(
      res,
      errorResponse(
        path,
        status,
        code,
        status === 413 ? `the body is larger than ${limit} bytes` : status < 500 ? 'the request could not be read' : 'something unforeseen went wrong',
        options.handler.basePath,
      ),
    );
  });
  const serve = async (req: FastifyRequest, res: FastifyReply): Promise<unknown> => {
    const path = req.url.split('?')[0] ?? '/';
    if (unservedMethods.has(req.method)) return reply(res, unservedMethod(options.handler, path, req.method));
    const host = req.headers.host;
    const url = requestUrl(req.url, typeof host === 'string' ? host : undefined);
    if (!url) return reply(res, errorResponse(path, 400, 'SVC-908', 'the Host header is not a host name', options.handler.basePath));
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v === undefined) continue;
      if (Array.isArray(v)) for (const one of v) headers.append(k, one);
      else headers.set(k, String(v));
    }
    const raw = req.body;
    const body = Buffer.isBuffer(raw) ? raw : typeof raw === 'string' ? Buffer.from(raw) : undefined;
    if (body) headers.delete('content-length');
    const request = new Request(url, {
      method: req.method,
      headers,
      ...(body && req.method !== 'GET' && req.method !== 'HEAD' ? { body: new Uint8Array(body) } : {}),
    });
    // The peer, not Fastify's trustProxy reading: the handler applies clientRateLimit.trustedProxies itself.
    const remoteAddress = req.socket?.remoteAddress ?? req.ip;
    const extras = raw !== undefined && !body ? { hasParsedBody: true, parsedBody: raw, remoteAddress } : { remoteAddress };
    return reply(res, await options.handler(request, extras));
  };
  // Fastify puts the plugin's prefix before every route it registers: one that is the handler's basePath is
  // left out of the patterns (Fastify adds it back); any other cannot serve the handler's paths.
  const prefix = prefixAsBasePath(app.prefix) ?? app.prefix ?? '';
  const basePath = options.handler.basePath ?? '';
  if (prefix !== '' && prefix !== basePath) {
    throw new TypeError(mountMismatchMessage(`app.register(gstkitFastify, { prefix: '${prefix}' })`, prefix, basePath));
  }
  for (const path of gstPathPatterns(prefix === '' ? options.handler.basePath : '')) app.all(path, serve);
}
