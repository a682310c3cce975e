/**
 * `gstkit serve --host` and the connection limits as a user sets them: loopback by default with the demo
 * key printed, every interface only when asked (and then the demo key is withheld), and the GSTKIT_*
 * timeouts in force on the running server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const children: Array<ReturnType<typeof spawn>> = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

function serve(args: string[], env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0', ...args], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '',
      HOST: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      GSTKIT_API_KEYS: '',
      GSTKIT_DATA_DIR: mkdtempSync(join(tmpdir(), 'gstkit-host-')),
      ...env,
    },
  });
  children.push(child);
  let printed = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${printed}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      printed += c.toString();
      if (printed.includes('the whole API')) {
        clearTimeout(timer);
        resolve(printed);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${printed}`)));
  });
}

/** This machine's first address other machines could reach, if it has one. */
function outsideAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  return undefined;
}

const reachable = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = connect(port, host);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

describe('gstkit serve --host', () => {
  it('listens on 127.0.0.1 by default, prints the demo key, and cuts off a slow client by GSTKIT_HEADERS_TIMEOUT_MS', async () => {
    const printed = await serve([], { GSTKIT_HEADERS_TIMEOUT_MS: '1000', GSTKIT_REQUEST_TIMEOUT_MS: '2000' });
    const base = /listening on (http:\/\/\S+)/.exec(printed)![1]!;
    const port = Number(new URL(base).port);
    expect(new URL(base).hostname).toBe('localhost');
    expect(printed).toMatch(/demo api key: k[0-9a-f]+:\S+/);
    const outside = outsideAddress();
    if (outside) expect(await reachable(outside, port)).toBe(false);

    const s = connect(port, '127.0.0.1');
    let got = '';
    s.on('data', (c: Buffer) => (got += c.toString()));
    const started = Date.now();
    const drip = setInterval(() => s.writable && s.write('a'), 200);
    s.write('GET /api/svc/einvoice/getirn HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    await new Promise((r) => s.once('close', r));
    clearInterval(drip);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(got).toContain('SVC-971');
  }, 90_000);

  it('on every interface withholds the demo key and says why', async () => {
    const printed = await serve(['--host', '0.0.0.0']);
    expect(printed).not.toMatch(/demo api key: k[0-9a-f]+:/);
    expect(printed).toMatch(/demo api key: not shown, because 0\.0\.0\.0 is reachable from other machines; set GSTKIT_API_KEYS/);
    // No walkthrough with a key nobody can read; instead a line that sets one, which the server takes as it is.
    expect(printed).not.toContain('<secret>');
    expect(printed).not.toContain('walkthrough');
    const setting = /^ {2}GSTKIT_API_KEYS=(k[0-9a-f]+:[\w-]+:demo) gstkit serve --host 0\.0\.0\.0$/m.exec(printed)?.[1];
    expect(setting).toBeDefined();
    const configured = await serve([], { GSTKIT_API_KEYS: setting! });
    expect(configured).toContain(`api keys: ${setting!.split(':')[0]} (company demo)`);
    const port = Number(new URL(/listening on (http:\/\/\S+)/.exec(printed)![1]!).port);
    expect(await reachable('127.0.0.1', port)).toBe(true);
    const outside = outsideAddress();
    if (outside) expect(await reachable(outside, port)).toBe(true);
  }, 90_000);

  it('refuses an unusable limit with exit 2 and the setting named', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', GSTKIT_MAX_CONNECTIONS: 'lots' },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('GSTKIT_MAX_CONNECTIONS');
    // The per-address limits are checked as early, before any store is opened.
    for (const [name, value] of [
      ['GSTKIT_MAX_CONNECTIONS_PER_ADDRESS', '0'],
      ['GSTKIT_INQUIRY_RATE_LIMIT', 'some'],
      ['GSTKIT_FAILED_LOGIN_LIMIT', '0/60'],
      ['GSTKIT_TRUSTED_PROXIES', 'yes'],
    ]) {
      const bad = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', GSTKIT_DATA_DIR: 'memory://', [name!]: value },
      });
      expect([bad.status, bad.stderr]).toEqual([2, expect.stringContaining(name!)]);
    }
  }, 180_000);
});
