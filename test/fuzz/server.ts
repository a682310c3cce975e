/**
 * The server under fuzzing: `gstkit serve` itself, a child process on loopback with the in-memory
 * PGlite store, and a stand-in Turnstile verifier and CRM so the sales inquiry can succeed.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer, type RunningServer } from '../support/server.js';

export interface FuzzServer {
  server: RunningServer;
  /** http://127.0.0.1:port */
  base: string;
  port: number;
  auth: string;
  company: string;
  /** Inquiries the stand-in CRM received. */
  inquiries(): number;
  /** The server's resident memory now, in bytes (Linux). */
  rss(): number;
  /** CPU seconds the server has used so far (user and system, Linux). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** Resident set size of a process, from /proc. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

/** CPU seconds (user and system) a process has used, from /proc (clock ticks of 1/100 s). */
export function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Starts the stand-ins and `gstkit serve`; `env` is added to the server's environment, `nodeArgs` to its node. */
export async function startFuzzServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<FuzzServer> {
  const turnstile = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, hostname: 'localhost', 'error-codes': [] }));
    });
  });
  let inquiries = 0;
  const crm = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      inquiries++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  const [turnstilePort, crmPort] = await Promise.all([listen(turnstile), listen(crm)]);
  // With PostgreSQL and Redis (as CI provides), the server runs as one of a scaled-out set: its store is
  // PostgreSQL and its jobs go on a queue of their own that no worker takes, so accepted export jobs do
  // not compete with the fuzzing for the two cores. Without them: in-memory PGlite, jobs run in process.
  const scaled = Boolean(process.env['DATABASE_URL'] && process.env['REDIS_URL']);
  const server = await startServer(
    {
      DATABASE_URL: scaled ? process.env['DATABASE_URL']! : '',
      REDIS_URL: scaled ? process.env['REDIS_URL']! : '',
      GSTKIT_QUEUE: `fuzz-${process.pid}`,
      GSTKIT_DATA_DIR: 'memory://',
      // The limiter runs (and counts) but never refuses: the fuzzing sends far more than a client may.
      GSTKIT_RATE_LIMIT: '100000000/60',
      // Likewise the per-address limits: every fuzzed inquiry and bad credential comes from 127.0.0.1.
      GSTKIT_INQUIRY_RATE_LIMIT: '100000000/60',
      GSTKIT_FAILED_LOGIN_LIMIT: '100000000/60',
      // Node's own header and request timeouts: while a heavy document stalls the server (the slow-validation
      // defect), the 10 s defaults would cut off the fuzzer's other connections waiting in line.
      GSTKIT_HEADERS_TIMEOUT_MS: '60000',
      GSTKIT_REQUEST_TIMEOUT_MS: '300000',
      // The fuzzer's keep-alive agent reuses idle sockets without retrying: a server closing one at its 5 s
      // idle limit just as a POST goes out reads as "socket hang up", a race of the client, not a server fault.
      GSTKIT_KEEPALIVE_TIMEOUT_MS: '600000',
      TURNSTILE_SECRET: 'fuzz-secret',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${turnstilePort}/siteverify`,
      CRM_WEBHOOK_URL: `http://127.0.0.1:${crmPort}/inquiry`,
      ...env,
    },
    { nodeArgs },
  );
  const port = Number(new URL(server.base).port);
  const company = /company: (\S+)/.exec(server.printed)?.[1] ?? 'demo';
  return {
    server,
    base: `http://127.0.0.1:${port}`,
    port,
    auth: server.auth,
    company,
    inquiries: () => inquiries,
    rss: () => rssOf(server.process.pid!),
    cpuSeconds: () => cpuOf(server.process.pid!),
    async stop() {
      await server.stop();
      for (const s of [turnstile, crm]) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}
