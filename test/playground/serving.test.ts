/**
 * The page served beside the API (src/http/page.ts) and written as static files (`gstkit playground
 * --out`, src/cli/page-files.ts): content types, cache headers, the CSP, revalidation, and every API
 * path still the handler's.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlayground } from '../../scripts/build-playground.mjs';
import { copyPage, readPageFiles } from '../../src/cli/page-files.js';
import { createGstHandler } from '../../src/http/index.js';
import { PAGE_CSP, withPage, type PageFile } from '../../src/http/page.js';
import type { GstHandler } from '../../src/http/types.js';
import { importsOf, sourceFiles } from '../architecture/layers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
let built: string;
let files: Map<string, PageFile>;
let served: GstHandler;

beforeAll(async () => {
  built = mkdtempSync(path.join(tmpdir(), 'gstkit-page-built-'));
  await buildPlayground(built, { minify: false });
  const read = readPageFiles(built);
  if (!read.ok) throw new Error(read.message);
  files = read.files;
  served = withPage(createGstHandler({ authenticate: () => ({ ok: false, status: 401, message: 'no keys' }) }), files);
}, 120_000);

afterAll(() => rmSync(built, { recursive: true, force: true }));

const get = (pathname: string, init: RequestInit = {}): Promise<Response> => served(new Request(`http://localhost${pathname}`, init));

describe('the page beside the API', () => {
  it('answers / with the page, its CSP and no caching without revalidation', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await answer.text()).toContain('<script type="module" src="app.js"></script>');
  });

  it('answers each file with its type, hashed chunks cached a year', async () => {
    const chunk = [...files.keys()].find((f) => f.startsWith('chunks/')) as string;
    const answers = await Promise.all(
      ['/app.js', '/style.css', '/service-worker.js', '/examples/purchases.csv', '/favicon.svg', `/${chunk}`].map((p) => get(p)),
    );
    expect(answers.map((a) => a.headers.get('content-type'))).toEqual([
      'text/javascript; charset=utf-8',
      'text/css; charset=utf-8',
      'text/javascript; charset=utf-8',
      'text/csv; charset=utf-8',
      'image/svg+xml',
      'text/javascript; charset=utf-8',
    ]);
    expect(answers.at(-1)?.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await (answers[0] as Response).arrayBuffer())).toEqual(files.get('app.js')?.body);
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const first = await get('/app.js');
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[0-9a-f]{16}-\d+"$/);
    expect((await get('/app.js', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await get('/app.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(files.get('app.js')?.body.length));
    expect(await head.text()).toBe('');
  });

  it('leaves every other path and method to the API, as before', async () => {
    const openapi = await get('/openapi.json');
    expect(openapi.status).toBe(200);
    expect(((await openapi.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    expect((await get('/api/svc/nothing-here')).headers.get('svc-errorcode')).toMatch(/^SVC-/);
    expect((await get('/index.html')).status).toBe(404);
    expect((await get('/', { method: 'POST', body: '{}' })).headers.get('content-security-policy')).toBeNull();
  });
});

describe('the page as static files', () => {
  it('is imported by no file outside src/playground/: the build bundles it for the browser and compiles none of it into dist/', () => {
    const outside = [...sourceFiles(path.join(root, 'src'))].flatMap(([file, text]) =>
      file.startsWith('playground/') ? [] : importsOf(file, text).filter((edge) => edge.to.startsWith('playground/')),
    );
    expect(outside).toEqual([]);
  });

  it('copies the built page into a new directory', () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'gstkit-page-out-')), 'site');
    try {
      const copied = copyPage(out, built);
      expect(copied.ok).toBe(true);
      expect(readdirSync(out, { recursive: true }).length).toBeGreaterThan(5);
      expect(readFileSync(path.join(out, 'index.html'))).toEqual(readFileSync(path.join(built, 'index.html')));
    } finally {
      rmSync(path.dirname(out), { recursive: true, force: true });
    }
  });

  it('refuses a directory holding other files (SVC-814) and a page not built (SVC-813)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gstkit-page-out-'));
    try {
      writeFileSync(path.join(dir, 'mine.txt'), 'keep me');
      const refused = copyPage(dir, built);
      expect(refused.ok ? '' : refused.message).toMatch(/^SVC-814: .* is not empty/);
      mkdirSync(path.join(dir, 'empty'));
      const unbuilt = copyPage(path.join(dir, 'out'), path.join(dir, 'empty'));
      expect(unbuilt.ok ? '' : unbuilt.message).toMatch(/^SVC-813: the page is not built/);
      expect(readFileSync(path.join(dir, 'mine.txt'), 'utf8')).toBe('keep me');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('`gstkit playground` without --out says what it needs, with its code and exit 2', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'playground'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('SVC-814: --out DIR is needed');
    expect(run.stderr).toContain('usage: gstkit playground --out DIR');
  });
});
