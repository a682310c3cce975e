/**
 * API keys on two servers sharing one PostgreSQL: each server accepts exactly the keys of its own
 * GSTKIT_API_KEYS, so a key removed there is refused after a restart, as is a key whose company is no longer
 * configured; `gstkit keys revoke` refuses a key on every server within seconds, restarted or not.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVOCATION_MAX_AGE_MS } from '../../src/ports/revoked-keys.js';
import { openStore } from '../../src/store/index.js';
import { databaseUrl, freshDatabase, need } from '../support/services.js';
import { root, startServer, type RunningServer } from '../support/server.js';

const ready = need(databaseUrl);
const irn = JSON.parse(readFileSync(join(root, 'docs/examples/irn.json'), 'utf8'));

const keys = { k1: 'k1:secret-one', k2: 'k2:secret-two', k3: 'k3:secret-three', k4: 'k4:secret-four' } as const;
type KeyName = keyof typeof keys;
const before = {
  GSTKIT_API_KEYS: `${keys.k1}:acme,${keys.k2}:acme,${keys.k3}:beta,${keys.k4}:acme`,
  GSTKIT_SANDBOX_GSTINS: 'acme:29AAGCK4821M1Z4,33AAHCT2290K1Z6;beta:29AADCN7314Q1ZU',
};
// k2 is dropped, and k3 with it its company beta.
const after = { GSTKIT_API_KEYS: `${keys.k1}:acme,${keys.k4}:acme`, GSTKIT_SANDBOX_GSTINS: 'acme:29AAGCK4821M1Z4,33AAHCT2290K1Z6' };

/** The audit log (a GET in the header style) read with `key`: its status and error code. */
async function readAudit(server: RunningServer, key: KeyName): Promise<{ status: number; code: string | null }> {
  const res = await fetch(`${server.base}/api/svc/audit`, { headers: { authorization: basic(key) } });
  await res.arrayBuffer();
  return { status: res.status, code: res.headers.get('svc-errorcode') };
}

/** An IRN registration (a POST in the body style) with `key`: its status and first error code. */
async function register(server: RunningServer, key: KeyName): Promise<{ status: number; code: string | undefined }> {
  const res = await fetch(`${server.base}/api/svc/einvoice/generateirn`, {
    method: 'POST',
    headers: { authorization: basic(key), 'content-type': 'application/json' },
    body: JSON.stringify(irn),
  });
  const body = (await res.json()) as { Success?: boolean; Errors?: { Code: string }[] };
  return { status: res.status, code: body.Success ? undefined : body.Errors?.[0]?.Code };
}

const basic = (key: KeyName): string => 'Basic ' + Buffer.from(keys[key]).toString('base64');

function keysCommand(env: Record<string, string>, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'keys', ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Milliseconds from now until `check` holds (polled every 50 ms), or a failure after `limitMs`. */
async function msUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - start;
}

describe.runIf(ready)('API keys on two servers sharing one PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  let common: Record<string, string>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabase(databaseUrl as string);
    drop = db.drop;
    common = { DATABASE_URL: db.url, GSTKIT_DATA_DIR: '/nonexistent/never-used', GSTKIT_RATE_LIMIT: 'off', GSTKIT_FAILED_LOGIN_LIMIT: 'off' };
    [a, b] = await Promise.all([startServer({ ...common, ...before }, { key: keys.k1 }), startServer({ ...common, ...before }, { key: keys.k1 })]);
  }, 180_000);

  afterAll(async () => {
    for (const s of [a, b]) await s?.stop();
    await drop?.();
  });

  it('accepts every configured key on both servers at first', async () => {
    for (const server of [a, b]) for (const key of ['k1', 'k2', 'k3', 'k4'] as const) expect(await readAudit(server, key)).toEqual({ status: 200, code: null });
  });

  it('refuses a removed key, and a key whose company is gone, on the restarted server; the other server keeps its own configuration', async () => {
    await a.stop();
    a = await startServer({ ...common, ...after }, { key: keys.k1 });
    expect(await register(a, 'k2')).toEqual({ status: 401, code: 'SVC-940' });
    expect(await readAudit(a, 'k2')).toEqual({ status: 401, code: 'SVC-940' });
    // k3's company beta is configured no more: its audit log is out of reach.
    expect(await readAudit(a, 'k3')).toEqual({ status: 401, code: 'SVC-940' });
    // B has not restarted: its configuration still names k2 and k3, and it still accepts them.
    expect(await readAudit(b, 'k2')).toEqual({ status: 200, code: null });
    expect(await readAudit(b, 'k3')).toEqual({ status: 200, code: null });
  }, 120_000);

  it(`refuses a revoked key on every server within ${REVOCATION_MAX_AGE_MS / 1000} s, restarted or not`, async () => {
    const refused = (server: RunningServer, key: KeyName) => async () => (await readAudit(server, key)).status === 401;
    // As an operator does it: B, not restarted, still names k2; the command's store write reaches it.
    expect(keysCommand(common, 'revoke', 'k2')).toMatchObject({ status: 0, stderr: '' });
    const k2Wait = await msUntil(refused(b, 'k2'), 15_000);
    // The worst case: both servers have just read the revocations (a request with k4 each) when k4 is revoked.
    for (const server of [a, b]) expect(await readAudit(server, 'k4')).toEqual({ status: 200, code: null });
    const store = await openStore({ databaseUrl: common['DATABASE_URL']! });
    await store.revokeApiKey('k4', new Date().toISOString());
    await store.close();
    const k4Waits = await Promise.all([msUntil(refused(a, 'k4'), 15_000), msUntil(refused(b, 'k4'), 15_000)]);
    // At most one refresh of the revocations, plus a poll.
    for (const ms of [k2Wait, ...k4Waits]) expect(ms).toBeLessThanOrEqual(REVOCATION_MAX_AGE_MS + 500);
    expect(await register(b, 'k4')).toEqual({ status: 401, code: 'SVC-940' });
    expect(await readAudit(a, 'k1')).toEqual({ status: 200, code: null });
    expect(keysCommand(common, 'revoked').stdout).toMatch(/^k2 revoked \S+\nk4 revoked \S+\n$/);
    console.log(`revocation refused after: k2 on B ${k2Wait} ms from the command's exit; k4 on A ${k4Waits[0]} ms, on B ${k4Waits[1]} ms from the write`);
  }, 60_000);

  it('refuses removed and revoked keys on both servers once both have restarted; the kept key still registers', async () => {
    await b.stop();
    b = await startServer({ ...common, ...after }, { key: keys.k1 });
    for (const server of [a, b]) {
      for (const key of ['k2', 'k3', 'k4'] as const) {
        expect(await register(server, key)).toEqual({ status: 401, code: 'SVC-940' });
        expect(await readAudit(server, key)).toEqual({ status: 401, code: 'SVC-940' });
      }
    }
    const first = await register(a, 'k1');
    expect(first).toEqual({ status: 200, code: undefined });
    expect(await register(b, 'k1')).toMatchObject({ code: '2150' });
  }, 120_000);

  it('accepts a restored key again within the same bound, where the configuration names it', async () => {
    expect(keysCommand(common, 'restore', 'k4')).toMatchObject({ status: 0 });
    const accepted = (server: RunningServer) => async () => (await readAudit(server, 'k4')).status === 200;
    for (const server of [a, b]) expect(await msUntil(accepted(server), 15_000)).toBeLessThanOrEqual(REVOCATION_MAX_AGE_MS + 500);
    // k2 stays revoked, and restoring what was never revoked says so.
    expect(keysCommand(common, 'restore', 'k3')).toMatchObject({ status: 1, stderr: 'k3 was not revoked\n' });
  }, 60_000);
});
