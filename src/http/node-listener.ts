/**
 * node:http binding (`gstkit/http/node`; `toNodeListener` also from `gstkit/http`): turns the fetch-style handler into a `(req, res, next?)` listener, usable
 * with `http.createServer`, `https`, and as Express or Connect middleware. Only translation.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_BODY_LIMIT } from './body.js';
import { errorResponse } from './binding-failure.js';
import { isGstPath } from './paths.js';
import { requestUrl, unservedMethod, unservedMethods } from './binding-checks.js';
import { knownJson } from './json-body.js';
import { isStreamed } from './streamed-body.js';
import { MOUNT_MISMATCH, mountMismatchMessage, prefixAsBasePath } from './mount-prefix.js';
import { LightRequest, lightEntryOf } from './light-request.js';
import type { GstHandler, RequestExtras } from './types.js';

export interface NodeListenerOptions {
  /** Largest body read from the socket, in bytes. Default 5 MiB (the handler's own default). */
  bodyLimit?: number;
}

// `originalUrl` and `baseUrl` are Express's: the whole path, and the prefix the listener was mounted under.
type NodeRequest = IncomingMessage & { body?: unknown; originalUrl?: string; baseUrl?: string };
type Next = (err?: unknown) => void;

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        return; // keep draining so the client reads our answer
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    headers[key] = value;
  });
  // A JSON answer the handler built goes out as the text it was made from, without reading its stream
  // (a reply of the light path has none): node writes a string with the head in one go.
  const known = knownJson(response);
  if (known) {
    if (!response.headers.has('content-length')) headers['content-length'] = String(Buffer.byteLength(known.text));
    res.writeHead(response.status, headers);
    res.end(known.text);
    return;
  }
  // A body of known length, or one meant to stream, goes out chunk by chunk as it is read.
  if (response.body && (isStreamed(response) || response.headers.has('content-length'))) {
    res.writeHead(response.status, headers);
    await pipeBody(res, response.body);
    return;
  }
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  if (body && !response.headers.has('content-length')) headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * Writes a body stream to the socket, waiting for it to drain when full. A stream that fails part way (its
 * source failed after the head was sent) cuts the connection, so the client cannot take what it got for
 * the whole answer.
 */
async function pipeBody(res: ServerResponse, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      if (!res.write(value))
        await new Promise<void>((resolve) => {
          const go = (): void => {
            res.off('drain', go);
            res.off('close', go);
            resolve();
          };
          res.on('drain', go);
          res.on('close', go);
        });
    }
    res.end();
  } catch {
    res.destroy();
  }
}

/**
 * The listener. With `next` (Express), paths that are not gstkit's go on to the host's own
 * routes. A body the host already parsed (`req.body`) is used as it is.
 */
export function toNodeListener(handler: GstHandler, options: NodeListenerOptions = {}) {
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const light = lightEntryOf(handler);
  return (req: NodeRequest, res: ServerResponse, next?: Next): void => {
    const rawUrl = req.originalUrl ?? req.url ?? '/';
    const pathname = rawUrl.split('?')[0] ?? '/';
    if (next && !isGstPath(pathname, handler.basePath)) {
      const inner = (req.url ?? '/').split('?')[0] ?? '/';
      const prefix = prefixAsBasePath(req.baseUrl);
      // Mounted with app.use(prefix, ...) while the handler's basePath names another: say so, not a silent 404.
      if (prefix && prefix !== (handler.basePath ?? '') && isGstPath(inner)) {
        void send(res, errorResponse(inner, 500, MOUNT_MISMATCH, mountMismatchMessage(`app.use('${prefix}', ...)`, prefix, handler.basePath ?? '')));
        return;
      }
      next();
      return;
    }
    void (async () => {
      try {
        const method = req.method ?? 'GET';
        if (unservedMethods.has(method)) {
          await send(res, unservedMethod(handler, pathname, method));
          return;
        }
        const url = requestUrl(rawUrl, req.headers.host);
        if (!url) {
          await send(res, errorResponse(pathname, 400, 'SVC-908', 'the Host header is not a host name', handler.basePath));
          return;
        }
        const extras: RequestExtras = {};
        if (req.socket.remoteAddress) extras.remoteAddress = req.socket.remoteAddress;
        let body: Buffer | undefined;
        if (req.body !== undefined && !Buffer.isBuffer(req.body) && typeof req.body !== 'string') {
          extras.hasParsedBody = true;
          extras.parsedBody = req.body;
        } else if (Buffer.isBuffer(req.body) || typeof req.body === 'string') {
          body = Buffer.from(req.body);
        } else if (method !== 'GET' && method !== 'HEAD' && !req.readableEnded) {
          const read = await readBody(req, limit);
          if (read === 'too-large') {
            await send(res, errorResponse(pathname, 413, 'SVC-904', `the body is larger than ${limit} bytes`, handler.basePath));
            return;
          }
          body = read;
        }
        const withBody = body && method !== 'GET' && method !== 'HEAD' ? body : undefined;
        // gstkit's own handler takes the request as node parsed it (no undici Request, Headers or Response;
        // see light-request.ts) and the bytes read as they are.
        if (light) {
          if (withBody) extras.bodyBytes = withBody;
          await send(res, await light(new LightRequest(url, method, req.headers, body !== undefined), extras));
          return;
        }
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) {
          if (v === undefined) continue;
          if (Array.isArray(v)) for (const one of v) headers.append(k, one);
          else headers.set(k, v);
        }
        // A handler that reads `extras.bodyBytes` gets a Request without a body stream (a stream, its reader
        // and a copy per request); any other fetch handler gets the body in its Request.
        if (body) headers.delete('content-length');
        if (withBody && handler.readsBodyBytes) extras.bodyBytes = withBody;
        const request = new Request(url, {
          method,
          headers,
          ...(withBody && !handler.readsBodyBytes ? { body: new Uint8Array(withBody) } : {}),
        });
        await send(res, await handler(request, extras));
      } catch (e) {
        if (next) {
          next(e);
          return;
        }
        if (!res.headersSent) await send(res, errorResponse(pathname, 500, 'SVC-950', 'something unforeseen went wrong', handler.basePath));
        else res.destroy();
      }
    })();
  };
}

/**
 * Express error middleware for gstkit's paths: when the host's own body parser (`express.json()`)
 * fails on a gstkit path, answer with a coded body instead of the host's error page.
 */
export function gstErrorMiddleware(options: { basePath?: string } = {}) {
  const basePath = options.basePath ?? '';
  return (err: unknown, req: NodeRequest, res: ServerResponse, next: Next): void => {
    const pathname = (req.originalUrl ?? req.url ?? '/').split('?')[0] ?? '/';
    if (!isGstPath(pathname, basePath) || res.headersSent) {
      next(err);
      return;
    }
    const e = err as { status?: number; statusCode?: number; type?: string };
    const status = e.status ?? e.statusCode ?? 500;
    const response =
      status === 413
        ? errorResponse(pathname, 413, 'SVC-904', 'the body is larger than the limit', basePath)
        : status >= 400 && status < 500
          ? errorResponse(pathname, 400, 'SVC-903', 'the body is not valid JSON', basePath)
          : errorResponse(pathname, 500, 'SVC-950', 'something unforeseen went wrong', basePath);
    void send(res, response);
  };
}
