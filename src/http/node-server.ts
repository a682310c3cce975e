/**
 * Connection-level limits for a node:http server running gstkit: how long a client may take to send its
 * headers and its whole request, how long an idle keep-alive connection stays open, how many connections
 * are served at once, and coded answers (JSON with `Svc-ErrorCode`) where Node would otherwise answer a
 * protocol error with a bare status line.
 * @module
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../ratelimit/client-address.js';
import { unservedMethod } from './binding-checks.js';
import { httpCodes } from './codes.js';
import { toNodeListener, type NodeListenerOptions } from './node-listener.js';
import type { GstHandler } from './types.js';

/** The limits; every one has a default fit for a server on the internet. */
export interface ServerLimits {
  /** Time allowed for a client to send all its request headers, in ms. Default 10 000 (Node's own: 60 000). */
  headersTimeoutMs?: number;
  /** Time allowed for a client to send its whole request (headers and body), in ms. Default 30 000 (Node's own: 300 000). */
  requestTimeoutMs?: number;
  /** How long a keep-alive connection may stay idle between requests, in ms. Default 5 000. */
  keepAliveTimeoutMs?: number;
  /** Connections served at once; one more is answered 503 and closed. Default 1 000. */
  maxConnections?: number;
  /**
   * Connections served at once from one client address (an IPv6 address counts as its /64); one more is
   * answered 503 and closed, so one client cannot hold every slot. Default 100. Behind a proxy every
   * connection comes from the proxy: raise it to `maxConnections` there and let the proxy cap its clients.
   */
  maxConnectionsPerAddress?: number;
  /** Largest request head (request line and headers, so the URL too), in bytes. Default 16 384 (Node's own). */
  maxHeaderSize?: number;
}

export const DEFAULT_SERVER_LIMITS: Required<ServerLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  maxConnectionsPerAddress: 100,
  maxHeaderSize: 16_384,
};

/** Reads the limits, refusing values Node would reject or that make no sense. */
export function resolveServerLimits(limits: ServerLimits = {}): Required<ServerLimits> {
  const out = { ...DEFAULT_SERVER_LIMITS };
  for (const [name, value] of Object.entries(limits) as Array<[keyof ServerLimits, number | undefined]>) {
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive whole number, not ${String(value)}`);
    out[name] = value;
  }
  if (out.headersTimeoutMs > out.requestTimeoutMs)
    throw new RangeError(`headersTimeoutMs (${out.headersTimeoutMs}) must not exceed requestTimeoutMs (${out.requestTimeoutMs})`);
  return out;
}

/**
 * A whole HTTP/1.1 reply written straight to a socket, for the moments Node has no response object: the
 * status line, the headers with the body's length and `connection: close` (the socket is closed after
 * it), then the body. An answer to HEAD has no body (RFC 9110 9.3.2): a client reading one would take it
 * for a broken stream.
 */
function rawReply(status: number, headers: Iterable<[string, string]>, body: string, head = false): string {
  const lines = [...headers].filter(([k]) => k !== 'content-length' && k !== 'connection');
  lines.push(['content-length', String(Buffer.byteLength(body))], ['connection', 'close']);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${head ? '' : body}`;
}

/** A coded answer (JSON with `Svc-ErrorCode`) as a raw reply. */
function codedReply(status: number, code: string, message: string, extra: Record<string, string> = {}, head = false): string {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'svc-errorcode': code, 'svc-errormessage': message, ...extra };
  return rawReply(status, Object.entries(headers), JSON.stringify({ errorCode: code, errorMessage: message }), head);
}

/** Node's parser errors and timeouts, as coded answers. */
function clientErrorReply(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, limits: Required<ServerLimits>): string | undefined {
  // Node's parser errors carry the bytes read so far; a HEAD request's answer must go without a body.
  const head = err.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  switch (err.code) {
    case 'ECONNRESET':
    case 'EPIPE':
      return undefined; // the client is gone; nobody to answer
    case 'HPE_HEADER_OVERFLOW':
      return codedReply(
        431,
        httpCodes.headersTooLarge,
        `the request line and headers (the URL included) are larger than ${limits.maxHeaderSize} bytes`,
        {},
        head,
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return codedReply(
        408,
        httpCodes.requestTimeout,
        `the request was not received in time (headers within ${limits.headersTimeoutMs} ms, all of it within ${limits.requestTimeoutMs} ms)`,
        {},
        head,
      );
    default:
      return codedReply(400, httpCodes.badHttp, 'the request is not well-formed HTTP/1.1', {}, head);
  }
}

/** Sockets that have had their coded answer and are being drained until the client lets go. */
const answered = new WeakSet<Socket>();

/** How long a refused client may go on sending before the connection is cut: idle time, total time, bytes. */
const LINGER = { idleMs: 5_000, totalMs: 30_000, bytes: 16 * 1024 * 1024 };

/**
 * Half-closes after the reply and reads (and drops) whatever the client still sends, so it sees the reply
 * rather than a reset, then lets go. A client still writing an over-long URL when the reply goes out would
 * get EPIPE, and lose the reply, if the socket were destroyed with its bytes unread; so the cut waits for a
 * pause in the client's sending (the clock restarts with every chunk), bounded in total time and bytes.
 */
function answerAndClose(socket: Socket, reply: string): void {
  answered.add(socket);
  socket.end(reply);
  let dropped = 0;
  const idle = setTimeout(() => socket.destroy(), LINGER.idleMs).unref();
  const total = setTimeout(() => socket.destroy(), LINGER.totalMs).unref();
  socket.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER.bytes) socket.destroy();
    else idle.refresh();
  });
  socket.once('close', () => {
    clearTimeout(idle);
    clearTimeout(total);
  });
  socket.resume();
}

/**
 * Puts the limits on a server: timeouts, the connection caps overall and per client address (with a coded
 * 503 instead of Node's silent drop) and coded answers to protocol errors (431 for an over-long URL or
 * headers, 408 for a slow client, 400 for a malformed request). Node checks the header and request timeouts every
 * `connectionsCheckingInterval` ms, which only `createServer` can set: {@link createGstServer} sets it to
 * one second; on a server made elsewhere it stays Node's 30 s, so a slow client is cut off up to 30 s late.
 * `maxHeaderSize` likewise only applies at creation. Given the handler, CONNECT (which Node never passes to
 * the request listener) gets the handler's 405 with the path's methods; without it, a plain coded 405.
 */
export function applyServerLimits(server: Server, limits: ServerLimits = {}, handler?: GstHandler): Server {
  const l = resolveServerLimits(limits);
  server.headersTimeout = l.headersTimeoutMs;
  server.requestTimeout = l.requestTimeoutMs;
  server.keepAliveTimeout = l.keepAliveTimeoutMs;
  // Node answers an HTTP/1.1 request without Host with a bare 400; the handler serves it instead (it reads
  // the URL against localhost), so every answer carries a code.
  (server as Server & { requireHostHeader?: boolean }).requireHostHeader = false;
  // A client may half-close once it has sent its request (RFC 9112 allows it). Node's default aborts the
  // request in flight and closes at once, so an authenticated request, which waits on the store, lost its
  // answer; with this flag Node finishes the answers it owes and then closes.
  (server as Server & { httpAllowHalfOpen?: boolean }).httpAllowHalfOpen = true;

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // Node's parser fails again on every chunk that follows its first error; the client already has its
    // answer and is being drained, so a later chunk must not reset it while it is still sending.
    if (answered.has(socket)) return;
    const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    const reply = clientErrorReply(err, l);
    if (!reply || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    answerAndClose(socket, reply);
  });

  // An Expect header other than 100-continue: Node would answer a bare 417.
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    const message = 'only Expect: 100-continue is understood';
    res.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'svc-errorcode': httpCodes.badHttp,
      'svc-errormessage': message,
      connection: 'close',
    });
    res.end(JSON.stringify({ errorCode: httpCodes.badHttp, errorMessage: message }));
  });

  // CONNECT never reaches the request listener: Node hands it to 'connect' and, with no listener there,
  // drops the connection without a word. gstkit is not a proxy, so it answers like any unserved method.
  if (server.listenerCount('connect') === 0) {
    server.on('connect', (req: IncomingMessage, socket: Socket) => {
      socket.on('error', () => socket.destroy());
      void connectReply(req.url ?? '/', handler).then((reply) => answerAndClose(socket, reply));
    });
  }

  // The caps, overall and per client address: connections beyond them get a coded 503 before Node's HTTP
  // machinery ever sees them. Node's own `maxConnections` would drop them without a word.
  const [httpConnection] = server.listeners('connection') as Array<(socket: Socket) => void>;
  if (httpConnection) {
    server.removeListener('connection', httpConnection);
    let open = 0;
    const openFrom = new Map<string, number>();
    const tls = 'setSecureContext' in server;
    const refuse = (socket: Socket, message: string): void => {
      socket.on('error', () => socket.destroy());
      // Over TLS the socket is still raw TCP here: a plain-text answer would be noise, so just close.
      if (tls) socket.destroy();
      else answerAndClose(socket, codedReply(503, httpCodes.tooManyConnections, message, { 'retry-after': '1' }));
    };
    server.on('connection', (socket: Socket) => {
      if (open >= l.maxConnections) return refuse(socket, `the server is serving its limit of ${l.maxConnections} connections; try again shortly`);
      // A socket whose peer is already gone has no address: it is counted under '' like any other.
      const from = addressKey(socket.remoteAddress ?? '') ?? '';
      const fromCount = openFrom.get(from) ?? 0;
      if (fromCount >= l.maxConnectionsPerAddress) {
        return refuse(socket, `your address has ${l.maxConnectionsPerAddress} connections open, the most one address may; reuse them or try again shortly`);
      }
      open++;
      openFrom.set(from, fromCount + 1);
      socket.once('close', () => {
        open--;
        const left = (openFrom.get(from) ?? 1) - 1;
        if (left > 0) openFrom.set(from, left);
        else openFrom.delete(from);
      });
      httpConnection.call(server, socket);
    });
  }
  return server;
}

/** The coded answer to CONNECT: the handler's 405 (with the path's methods) or 404, else a plain 405. */
async function connectReply(target: string, handler: GstHandler | undefined): Promise<string> {
  const pathname = target.startsWith('/') ? (target.split('?')[0] ?? '/') : '/';
  if (!handler) return codedReply(405, httpCodes.methodNotAllowed, 'CONNECT is not served: this is not a proxy', { allow: 'GET, POST' });
  const response = unservedMethod(handler, pathname, 'CONNECT');
  return rawReply(response.status, response.headers, await response.text());
}

/** Options of {@link createGstServer}: the listener's and the server's limits. */
export type GstServerOptions = NodeListenerOptions & ServerLimits;

/**
 * A node:http server serving the handler with every limit in place: the way to run gstkit on plain
 * Node (`gstkit serve` uses it).
 *
 * @example
 * createGstServer(handler, { headersTimeoutMs: 5_000, maxConnections: 200 }).listen(8080, '127.0.0.1');
 */
export function createGstServer(handler: GstHandler, options: GstServerOptions = {}): Server {
  const { bodyLimit, ...limits } = options;
  const l = resolveServerLimits(limits);
  const server = createServer(
    {
      headersTimeout: l.headersTimeoutMs,
      requestTimeout: l.requestTimeoutMs,
      maxHeaderSize: l.maxHeaderSize,
      // How often Node looks for connections past their header or request time: this bounds how late a slow client is cut off.
      connectionsCheckingInterval: Math.min(1_000, l.headersTimeoutMs),
    },
    toNodeListener(handler, bodyLimit !== undefined ? { bodyLimit } : {}) as (req: IncomingMessage, res: ServerResponse) => void,
  );
  return applyServerLimits(server, l, handler);
}
