/**
 * `gstkit serve` with GSTKIT_GST_PORTAL=gstn, started as a user starts it, against the fake GSTN served
 * over HTTP: a GSTIN of GSTKIT_COMPANY_GSTINS is connected by OTP and pulled from the portal; with
 * GSTKIT_SESSION_KEY its session is sealed in the store, so a restart needs no new OTP; a bad setting stops
 * the server at start with a message naming the variable, never a secret.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeGstn, FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, type FakeGstn } from '../support/fake-gstn.js';
import { GSTIN, USER } from '../support/fake-gstn-setup.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Started {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exit: Promise<number | null>;
}

function serve(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      GSTKIT_API_KEYS: '',
      GSTKIT_SANDBOX_GSTINS: '',
      GSTKIT_DATA_DIR: mkdtempSync(join(tmpdir(), 'gstkit-gstn-serve-')),
      ...env,
    },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, out: () => out, err: () => err, exit };
}

async function until(s: Started, text: string): Promise<void> {
  const started = Date.now();
  while (!s.out().includes(text)) {
    if (s.child.exitCode !== null) throw new Error(`server exited ${s.child.exitCode}: ${s.err()}`);
    if (Date.now() - started > 90_000) throw new Error(`server did not start: ${s.out()} ${s.err()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stop(s: Started): Promise<number | null> {
  if (s.child.exitCode === null) s.child.kill('SIGTERM');
  return s.exit;
}

/** The fake GSTN's fetch behind a loopback HTTP server, as a GSP would be reached. */
async function fakeOverHttp(fake: FakeGstn): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      const body = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined;
      void fake
        .fetch(`https://gsp.fake.test${req.url}`, { method: req.method ?? 'GET', headers, ...(body !== undefined ? { body } : {}) })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/gus`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('gstkit serve with GSTKIT_GST_PORTAL=gstn', () => {
  let fake: FakeGstn;
  let portal: { url: string; close(): Promise<void> };
  let env: Record<string, string>;

  beforeAll(async () => {
    fake = createFakeGstn({ clock: { now: () => new Date() }, users: { [GSTIN]: USER }, pages2b: 1, perPage2b: 25 });
    portal = await fakeOverHttp(fake);
    const keyFile = join(mkdtempSync(join(tmpdir(), 'gstkit-gstn-key-')), 'gstn.pem');
    writeFileSync(keyFile, fake.publicKeyPem);
    env = {
      GSTKIT_GST_PORTAL: 'gstn',
      GSTN_URL: portal.url,
      GSTN_CLIENT_ID: FAKE_CLIENT_ID,
      GSTN_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      GSTN_PUBLIC_KEY_FILE: keyFile,
      GSTN_IP_USR: '203.0.113.7',
      GSTKIT_COMPANY_GSTINS: GSTIN,
    };
  });

  afterAll(async () => {
    await portal?.close();
  });

  it('connects a GSTIN by OTP and pulls from the portal; the sealed session outlives a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gstkit-gstn-sessions-'));
    const key = randomBytes(32).toString('base64');
    const first = serve({ ...env, GSTKIT_DATA_DIR: dataDir, GSTKIT_SESSION_KEY: key });
    let second: Started | undefined;
    try {
      await until(first, 'the whole API');
      const out = first.out();
      expect(out).toContain('and the live GST portal listening on');
      expect(out).toContain('gst portal: http://127.0.0.1');
      expect(out).toContain('shared through the store, encrypted with GSTKIT_SESSION_KEY');
      expect(out).toContain(`gstins: ${GSTIN}`);
      // No walkthrough: it would reach the live portal.
      expect(out).not.toContain('walkthrough');
      const call = (base: string, auth: string, path: string, body?: unknown) =>
        fetch(base + path, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { authorization: auth, 'svc-company': 'demo', 'content-type': 'application/json' },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
      const base = /listening on (http:\/\/\S+)/.exec(out)![1]!;
      const demo = /demo api key: (\S+)/.exec(out)![1]!;
      const auth = 'Basic ' + Buffer.from(demo).toString('base64');

      expect((await (await call(base, auth, `/api/svc/gst/connection?gstin=${GSTIN}`)).json()).status).toBe('not-connected');
      expect((await call(base, auth, '/api/svc/gst/otp', { gstin: GSTIN, username: USER.username })).status).toBe(200);
      const wrong = await call(base, auth, '/api/svc/gst/connect', { gstin: GSTIN, otp: '999999' });
      expect(wrong.headers.get('svc-errorcode')).toBe('AUTH4034');
      expect((await call(base, auth, '/api/svc/gst/otp', { gstin: GSTIN, username: USER.username })).status).toBe(200);
      const connected = await call(base, auth, '/api/svc/gst/connect', { gstin: GSTIN, otp: USER.otp });
      expect(connected.status).toBe(200);
      expect((await connected.json()).status).toBe('connected');

      const job = (await (await call(base, auth, '/api/svc/gstr2b/pull', { gstin: GSTIN, returnPeriod: '2026-09' })).json()) as { jobId: string };
      let status: { jobStatus: number; result?: unknown } = { jobStatus: 0 };
      for (let i = 0; i < 100 && status.jobStatus < 100; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = (await (await call(base, auth, `/api/svc/robot/jobstatus/${job.jobId}`)).json()) as typeof status;
      }
      expect(status).toMatchObject({ jobStatus: 100, result: { documents: { b2b: 25 } } });
      expect(await stop(first)).toBe(0);
      const otps = fake.counts['OTPREQUEST'];

      // Restarted on the same store: the GSTIN is still connected, with no new OTP.
      second = serve({ ...env, GSTKIT_DATA_DIR: dataDir, GSTKIT_SESSION_KEY: key });
      await until(second, 'the whole API');
      const base2 = /listening on (http:\/\/\S+)/.exec(second.out())![1]!;
      expect((await (await call(base2, auth, `/api/svc/gst/connection?gstin=${GSTIN}`)).json()).status).toBe('connected');
      expect(fake.counts['OTPREQUEST']).toBe(otps);
      const everything = first.out() + first.err() + second.out() + second.err();
      for (const secret of [key, FAKE_CLIENT_SECRET, USER.otp]) expect(everything).not.toContain(secret);
    } finally {
      await stop(first);
      if (second) await stop(second);
    }
  }, 240_000);

  it.each([
    ['GSTKIT_GST_PORTAL', { GSTKIT_GST_PORTAL: 'gsp' }, /GSTKIT_GST_PORTAL must be sandbox or gstn/],
    ['GSTN_URL', { GSTN_URL: '' }, /GSTN_URL is not set/],
    ['GSTN_URL', { GSTN_URL: 'ftp://gsp.example' }, /GSTN_URL must be an http or https URL/],
    ['GSTN_CLIENT_SECRET', { GSTN_CLIENT_SECRET: '' }, /GSTN_CLIENT_SECRET is not set/],
    ['GSTN_PUBLIC_KEY_FILE', { GSTN_PUBLIC_KEY_FILE: '/nonexistent/gstn.pem' }, /GSTN_PUBLIC_KEY_FILE: cannot read/],
    ['GSTN_PUBLIC_KEY_FILE', { GSTN_PUBLIC_KEY_FILE: fileURLToPath(import.meta.url) }, /GSTN_PUBLIC_KEY_FILE: SVC-981/],
    ['GSTN_IP_USR', { GSTN_IP_USR: 'my-laptop' }, /GSTN_IP_USR must be an IP address/],
    ['GSTKIT_SESSION_KEY', { GSTKIT_SESSION_KEY: 'not-a-key-at-all' }, /GSTKIT_SESSION_KEY is not a 32-byte key/],
  ])(
    'refuses a bad %s at start, naming it and no secret',
    async (_name, change, message) => {
      const bad = serve({ ...env, ...change });
      expect(await bad.exit).toBe(2);
      expect(bad.err()).toMatch(message);
      expect(bad.err() + bad.out()).not.toContain(FAKE_CLIENT_SECRET);
      expect(bad.err()).not.toContain('not-a-key-at-all');
    },
    60_000,
  );
});
