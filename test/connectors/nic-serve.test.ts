/**
 * `gstkit serve` with GSTKIT_PROVIDER=nic, started as a user starts it, against the fake NIC portal:
 * the company's GSTINs come from the credentials file, invoices are registered at the portal, and
 * nothing secret reaches the output.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FakeNic } from '../support/fake-nic.js';
import { example, invoice, nicServeEnv, startFake, USERS, SELLER } from './helpers.js';

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
    env: { ...process.env, PORT: '', DATABASE_URL: '', REDIS_URL: '', GSTKIT_DATA_DIR: mkdtempSync(join(tmpdir(), 'gstkit-nic-serve-')), ...env },
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

describe('gstkit serve with GSTKIT_PROVIDER=nic', () => {
  let fake: FakeNic;
  let env: Record<string, string>;
  let server: Started;
  let base: string;
  let auth: string;

  beforeAll(async () => {
    fake = await startFake();
    env = nicServeEnv(fake, 'gstkit-nic-');
    server = serve(env);
    await until(server, 'the whole API');
    base = /listening on (http:\/\/\S+)/.exec(server.out())![1]!;
    auth = 'Basic ' + Buffer.from(/demo api key: (\S+)/.exec(server.out())![1]!).toString('base64');
    // A fresh PGlite folder is initialised at start: slow on a busy machine.
  }, 120_000);

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exit;
    await fake?.stop();
  });

  /** Registers an invoice through a started server with its demo key; the HTTP status. */
  const register = async (s: Started, docNo: string): Promise<number> => {
    const url = /listening on (http:\/\/\S+)/.exec(s.out())![1]!;
    const demo = 'Basic ' + Buffer.from(/demo api key: (\S+)/.exec(s.out())![1]!).toString('base64');
    const res = await fetch(`${url}/api/svc/einvoice/generateirn`, {
      method: 'POST',
      headers: { authorization: demo, 'content-type': 'application/json' },
      body: JSON.stringify(invoice(docNo)),
    });
    return res.status;
  };
  /** E-invoice logins the fake portal has seen so far. */
  const logins = (): number => fake.logins.filter((l) => l.service === 'einv').length;

  it('acts for the GSTINs of the credentials file and registers at the portal', async () => {
    expect(server.out()).toContain(`gstins: ${Object.keys(USERS).join(',')}`);
    expect(server.out()).toContain(`nic e-invoice: ${fake.baseUrl}`);
    const res = await fetch(`${base}/api/svc/einvoice/generateirn`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(invoice('SRV/1')),
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(200);
    expect(body.Irn).toMatch(/^[0-9a-f]{64}$/);
    expect(fake.irnCount()).toBe(1);
    const ewb = await fetch(`${base}/api/svc/einvoice/generateewaybill?gstin=33AAHCT2290K1Z6`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(example('ewb')),
    });
    expect(ewb.status).toBe(200);
    expect(fake.ewbCount()).toBe(1);
    // A GSTIN outside the credentials file is not the company's.
    const other = await fetch(`${base}/api/svc/einvoice/getirn?gstin=29AADCN7314Q1ZU&irn=${body.Irn}`, { headers: { authorization: auth } });
    expect(other.status).toBe(403);
  });

  it('says that sessions are per process without GSTKIT_SESSION_KEY', () => {
    expect(server.out()).toContain('nic sessions: kept by this process only, because GSTKIT_SESSION_KEY is not set');
  });

  it('with GSTKIT_SESSION_KEY keeps the portal sessions in the store: a restart on the same data folder logs in no more', async () => {
    const key = randomBytes(32).toString('base64');
    const dataDir = mkdtempSync(join(tmpdir(), 'gstkit-nic-sessions-'));
    const before = logins();
    const first = serve({ ...env, GSTKIT_DATA_DIR: dataDir, GSTKIT_SESSION_KEY: key });
    await until(first, 'the whole API');
    expect(first.out()).toContain('nic sessions: shared through the store, encrypted with GSTKIT_SESSION_KEY');
    expect(await register(first, 'KEY/1')).toBe(200);
    expect(logins()).toBe(before + 1);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    const second = serve({ ...env, GSTKIT_DATA_DIR: dataDir, GSTKIT_SESSION_KEY: key });
    try {
      await until(second, 'the whole API');
      expect(await register(second, 'KEY/2')).toBe(200);
      expect(logins()).toBe(before + 1);
      expect(second.out() + second.err() + first.out() + first.err()).not.toContain(key);
    } finally {
      second.child.kill('SIGTERM');
      await second.exit;
    }
  }, 240_000);

  it('refuses a GSTKIT_SESSION_KEY that is not 32 bytes, naming the setting only', async () => {
    const bad = serve({ ...env, GSTKIT_SESSION_KEY: 'not-a-key-at-all' });
    expect(await bad.exit).toBe(2);
    expect(bad.err()).toMatch(/GSTKIT_SESSION_KEY is not a 32-byte key/);
    expect(bad.err()).not.toContain('not-a-key-at-all');
  }, 40_000);

  it('after a key change with the old key in GSTKIT_SESSION_KEY_PREVIOUS, a restart uses the stored session without a login', async () => {
    const [oldKey, newKey] = [randomBytes(32).toString('base64'), randomBytes(32).toString('hex')];
    const dataDir = mkdtempSync(join(tmpdir(), 'gstkit-nic-rotate-'));
    const before = logins();
    const first = serve({ ...env, GSTKIT_DATA_DIR: dataDir, GSTKIT_SESSION_KEY: oldKey });
    await until(first, 'the whole API');
    expect(await register(first, 'ROT/1')).toBe(200);
    expect(logins()).toBe(before + 1);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    const second = serve({ ...env, GSTKIT_DATA_DIR: dataDir, GSTKIT_SESSION_KEY: newKey, GSTKIT_SESSION_KEY_PREVIOUS: oldKey });
    try {
      await until(second, 'the whole API');
      expect(second.out()).toContain('the 1 key(s) of GSTKIT_SESSION_KEY_PREVIOUS are read too');
      expect(await register(second, 'ROT/2')).toBe(200);
      expect(logins()).toBe(before + 1);
      const printed = second.out() + second.err() + first.out() + first.err();
      for (const key of [oldKey, newKey]) expect(printed).not.toContain(key);
    } finally {
      second.child.kill('SIGTERM');
      await second.exit;
    }
  }, 240_000);

  it('refuses a GSTKIT_SESSION_KEY_PREVIOUS that holds a bad key, naming the setting only', async () => {
    const good = randomBytes(32).toString('hex');
    const bad = serve({ ...env, GSTKIT_SESSION_KEY: good, GSTKIT_SESSION_KEY_PREVIOUS: `${good},not-a-key-at-all` });
    expect(await bad.exit).toBe(2);
    expect(bad.err()).toMatch(/GSTKIT_SESSION_KEY_PREVIOUS: item 2 of 2 is not a 32-byte key/);
    expect(bad.err()).not.toContain('not-a-key-at-all');
    expect(bad.err()).not.toContain(good);
  }, 40_000);

  it('never prints a secret', () => {
    const printed = server.out() + server.err();
    for (const secret of [fake.clientSecret, ...Object.values(USERS).map((u) => u.password)]) expect(printed).not.toContain(secret);
  });

  it('refuses to start without a setting, or with a key that is not a key, naming the setting only', async () => {
    const missing = serve({ ...env, NIC_PUBLIC_KEY_FILE: '' });
    expect(await missing.exit).toBe(2);
    expect(missing.err()).toMatch(/NIC_PUBLIC_KEY_FILE is not set/);
    const dir = mkdtempSync(join(tmpdir(), 'gstkit-nic-bad-'));
    writeFileSync(join(dir, 'bad.pem'), 'hello');
    const bad = serve({ ...env, NIC_PUBLIC_KEY_FILE: join(dir, 'bad.pem') });
    expect(await bad.exit).toBe(2);
    expect(bad.err()).toMatch(/SVC-961 .*public key/);
    writeFileSync(join(dir, 'creds-bad.json'), JSON.stringify({ [SELLER]: { username: 'u' } }));
    const creds = serve({ ...env, NIC_CREDENTIALS_FILE: join(dir, 'creds-bad.json') });
    expect(await creds.exit).toBe(2);
    expect(creds.err()).toMatch(/NIC_CREDENTIALS_FILE: the credentials of 29AAGCK4821M1Z4 need/);
    for (const s of [missing, bad, creds]) expect(s.err()).not.toContain(fake.clientSecret);
  }, 40_000);
});
