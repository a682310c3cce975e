/**
 * The fuzzing client: node:http over keep-alive connections (any method, any bytes), and the judgement
 * every answer must pass.
 */
import http from 'node:http';
import type { Sample } from './generators.js';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  /** The first 64 KiB of the body, enough to read a coded failure. */
  head: Buffer;
  ms: number;
}

/** Largest failure a client mistake may be answered with: a capped list of short messages. */
export const FAILURE_BYTES = 64 * 1024;
/** Largest success: the OpenAPI document, a QR image or an e-invoice PDF in base64. */
export const SUCCESS_BYTES = 8 * 1024 * 1024;
/** Longest any single answer may take on a loaded two-core machine. */
export const SLOW_MS = 20_000;

export function makeClient(base: string, sockets: number) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const send = (sample: Sample, retried = false): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const headers: Record<string, string | number> = { ...sample.headers };
      if (sample.body) headers['content-length'] = sample.body.length;
      const req = http.request(
        { host: url.hostname, port: url.port, method: sample.method, path: sample.path, agent, headers, timeout: SLOW_MS * 2 },
        (res) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          let kept = 0;
          res.on('data', (c: Buffer) => {
            bytes += c.length;
            if (kept < FAILURE_BYTES) {
              chunks.push(c);
              kept += c.length;
            }
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, head: Buffer.concat(chunks), ms: performance.now() - started }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${SLOW_MS * 2} ms`)));
      req.on('error', (e: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed while idle (Node's documented race): send again on a new one.
        if (req.reusedSocket && e.code === 'ECONNRESET' && !retried) resolve(send(sample, true));
        else reject(e);
      });
      req.end(sample.body);
    });
  return { send, close: () => agent.destroy() };
}

/** The code of a failure: the Svc-ErrorCode header, `Errors[0].Code`, `errorCode` or the inquiry's `code`. */
export function codeOf(reply: { headers: http.IncomingHttpHeaders; head: Buffer }): string | undefined {
  const header = reply.headers['svc-errorcode'];
  if (typeof header === 'string' && header) return header;
  try {
    const j = JSON.parse(reply.head.toString('utf8')) as { Errors?: Array<{ Code?: unknown }>; errorCode?: unknown; code?: unknown };
    const code = j.Errors?.[0]?.Code ?? j.errorCode ?? j.code;
    return typeof code === 'string' && code ? code : undefined;
  } catch {
    // A long answer is kept only in part: read its first code as text.
    return /^\{"Success":false,[\s\S]*?"Errors":\[\{"Code":"([^"]+)"/.exec(reply.head.toString('utf8'))?.[1];
  }
}

/**
 * Five-hundreds that are documented answers, not failures: the sales inquiry's captcha refusal and CRM
 * failure (SPEC), and SVC-955 where this server's provider does not offer the route's action.
 */
const documented5xx = (path: string, status: number, code: string | undefined) =>
  (path.startsWith('/api/deal') && (code === 'CAPTCHA_FAILED' || code === 'BACKEND_ERROR')) || ((status === 501 || status === 503) && code === 'SVC-955');

/**
 * What is wrong with an answer: nothing (undefined), or a one-line reason. A client mistake must get a
 * coded 4xx, a success must be a 2xx, and no answer may be huge or slow.
 */
export function judge(sample: Pick<Sample, 'method' | 'path'>, reply: Reply): string | undefined {
  const code = codeOf(reply);
  const path = sample.path.split('?')[0]!;
  if (reply.status >= 500 && !documented5xx(path, reply.status, code)) return `${reply.status} ${code ?? '(no code)'}`;
  if (reply.status >= 400 && reply.status < 500 && !code && sample.method !== 'HEAD') return `${reply.status} without a code`;
  if (reply.status < 200 || (reply.status >= 300 && reply.status < 400)) return `unexpected status ${reply.status}`;
  const bound = reply.status < 300 ? SUCCESS_BYTES : FAILURE_BYTES;
  if (reply.bytes > bound) return `${reply.status} answer of ${reply.bytes} bytes (bound ${bound})`;
  if (reply.ms > SLOW_MS) return `${reply.status} after ${Math.round(reply.ms)} ms`;
  return undefined;
}
