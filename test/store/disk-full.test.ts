/**
 * A full disk is foreseen. On a small tmpfs, the embedded store (PGlite) fails a write with StoreFullError
 * and still serves reads, and `gstkit serve` started on the full disk exits with a message that says what to
 * free, then starts once space is freed. Over HTTP, a full store answers 507 SVC-957 in the route's style,
 * and the server logs the condition once, not once per request. PostgreSQL's 53100 maps the same way.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conditionLog } from '../../src/cli/condition-log.js';
import { StoreFullError } from '../../src/ports/index.js';
import { fullOr } from '../../src/store/disk-full.js';
import { openPgliteStore } from '../../src/store/pglite.js';
import { root, startServer } from '../support/server.js';

/** A 64 MB tmpfs, or the reason it cannot be had (not root, no mount in a container). */
function smallDisk(): { dir: string } | { reason: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gstkit-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    return { reason: `cannot mount a tmpfs: ${String((e as { stderr?: Buffer }).stderr ?? (e as Error).message).trim()}` };
  }
}

const disk = smallDisk();
if ('reason' in disk) console.warn(`disk-full tests on a real disk skipped: ${disk.reason}`);

/** Fills the disk up; answers a function that frees it again. */
function fill(dir: string): () => void {
  const files: string[] = [];
  try {
    for (let i = 0; ; i++) {
      const file = join(dir, `fill-${i}`);
      files.push(file);
      writeFileSync(file, Buffer.alloc(1 << 20, 1));
    }
  } catch {
    // full: the last megabyte did not fit; top up what is left with small writes
    for (let i = 0; i < 256; i++) {
      try {
        writeFileSync(join(dir, `fill-small-${i}`), Buffer.alloc(4096, 1));
        files.push(join(dir, `fill-small-${i}`));
      } catch {
        break;
      }
    }
  }
  return () => {
    for (const f of files) rmSync(f, { force: true });
  };
}

describe.skipIf('reason' in disk)('the embedded store on a full disk (a 64 MB tmpfs)', () => {
  const dir = 'dir' in disk ? disk.dir : '';
  afterAll(() => {
    try {
      execFileSync('umount', [dir]);
    } catch {
      /* already gone */
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails writes with StoreFullError, serves reads, and a start says what to free', async () => {
    const data = join(dir, 'data');
    mkdirSync(data);
    const store = await openPgliteStore(data, { thread: true });
    expect(await store.secret('kept', () => 'before the disk filled')).toBe('before the disk filled');
    const free = fill(dir);
    try {
      const big = 'x'.repeat(4 << 20);
      await expect(store.secret('too-big', () => big + Math.random())).rejects.toBeInstanceOf(StoreFullError);
      await expect(store.secret('too-big-2', () => big + Math.random())).rejects.toThrow(/disk is full.*free disk space/);
      // Reads still work.
      expect(await store.secret('kept', () => 'not written')).toBe('before the disk filled');
      expect(await store.getJob('acme', 'no-such-job')).toBeUndefined();
      await store.close();

      // A start on the full disk exits with what to free, and no trace of PGlite's own abort.
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve', '--port', '0'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', GSTKIT_DATA_DIR: data, GSTKIT_API_KEYS: 'k1:s3cret:acme' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let said = '';
      child.stdout.on('data', (c: Buffer) => (said += c.toString()));
      child.stderr.on('data', (c: Buffer) => (said += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      if (code === null || said.includes('the whole API')) throw new Error(`expected the start to stop with a message: ${said}`);
      expect(code).toBe(1);
      expect(said).toMatch(/disk holding the data folder .* is full/);
      expect(said).toMatch(/Free some space on that disk/);
      expect(said).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      free();
    }
    // Space freed: the same folder starts and keeps what it had.
    const server = await startServer({ DATABASE_URL: '', REDIS_URL: '', GSTKIT_DATA_DIR: data, GSTKIT_API_KEYS: 'k1:s3cret:acme' }, { key: 'k1:s3cret' });
    try {
      expect((await server.call('/health')).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 180_000);
});

describe('a full store over HTTP (a simulated ENOSPC)', () => {
  it('answers 507 SVC-957 in the route style, and the server logs it once', async () => {
    const { createMemoryJobRunner } = await import('../../src/sandbox/index.js');
    const { authA, world } = await import('../http/harness.js');
    const runner = createMemoryJobRunner();
    const lines: string[] = [];
    const log = conditionLog((line) => lines.push(line));
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    runner.submit = () => Promise.reject(fullOr(enospc));
    const { handler } = world({ jobs: runner, onError: (e) => log(e) });
    for (let i = 0; i < 20; i++) {
      const res = await handler(
        new Request('http://localhost/api/svc/gstr2a/export', {
          method: 'POST',
          headers: { authorization: authA, 'svc-company': 'acme', 'content-type': 'application/json' },
          body: JSON.stringify({ gstins: ['29AAGCK4821M1Z4'], startReturnPeriod: '2026-01', endReturnPeriod: '2026-02' }),
        }),
      );
      expect(res.status).toBe(507);
      expect(res.headers.get('svc-errorcode')).toBe('SVC-957');
      expect(res.headers.get('svc-errormessage')).toMatch(/disk is full/);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^disk full: /);
  });

  it("reads PostgreSQL's 53100 disk_full as StoreFullError", () => {
    const pgError = Object.assign(new Error('could not extend file "base/16384/16390": No space left on device'), { code: '53100' });
    expect(fullOr(pgError)).toBeInstanceOf(StoreFullError);
    expect(fullOr(new Error('syntax error'))).not.toBeInstanceOf(StoreFullError);
  });
});
