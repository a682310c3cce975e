/**
 * The walkthrough a new user runs: the README's copy is what `gstkit serve` prints, and it runs top to
 * bottom against a fresh server, leaving a PDF of the invoice and the exported GSTR-2B workbook.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkthrough } from '../../src/cli/walkthrough.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const readmeBlock = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.startsWith('EX=docs/examples'));

interface Served {
  url: string;
  key: string;
  printed: string;
}

let server: ChildProcess | undefined;
let served: Served;
const dir = mkdtempSync(join(tmpdir(), 'gstkit-walkthrough-'));

function startServer(): Promise<Served> {
  const env: NodeJS.ProcessEnv = { ...process.env, GSTKIT_DATA_DIR: join(dir, 'data') };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'GSTKIT_API_KEYS', 'GSTKIT_SANDBOX_GSTINS', 'PORT']) delete env[name];
  server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/cli.ts'), 'serve', '--port', '0'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    server!.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    server!.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('the whole API:')) return;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const key = /demo api key: (\S+)/.exec(out)?.[1];
      const printed = /walkthrough[^\n]*:\n([\s\S]*?)\n\nthe whole API/.exec(out)?.[1];
      if (!url || !key || !printed) reject(new Error(`unexpected banner:\n${out}`));
      else resolve({ url, key, printed: printed + '\n' });
    });
    server!.on('exit', (code) => reject(new Error(`gstkit serve exited with ${code}:\n${out}\n${err}`)));
  });
}

beforeAll(async () => {
  served = await startServer();
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the walkthrough', () => {
  it('is in the README as walkthrough() writes it', () => {
    expect(readmeBlock).toBe(walkthrough({ url: 'http://localhost:8080', auth: 'KEY', company: 'demo', examples: 'docs/examples' }));
  });

  it('is printed by gstkit serve as the README shows it, with the key, address and shipped examples', () => {
    const port = new URL(served.url).port;
    const expected = readmeBlock!
      .replaceAll('KEY', served.key)
      .replaceAll('http://localhost:8080', `http://localhost:${port}`)
      .replace('EX=docs/examples', `EX=${join(root, 'docs/examples')}`);
    expect(served.printed).toBe(expected);
  });

  it('runs top to bottom: an IRN with its PDF, an e-waybill, a lookup, a GSTR-2B pull and its exported workbook', () => {
    const work = join(dir, 'work');
    spawnSync('mkdir', [work]);
    writeFileSync(join(work, 'walkthrough.sh'), served.printed);
    const run = spawnSync('bash', ['-e', 'walkthrough.sh'], { cwd: work, encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^IRN [0-9a-f]{64} -> invoice\.pdf$/m);
    expect(run.stdout).toContain('"EwbStatus":"ACT"');
    expect(run.stdout).toContain('Kaveri Components Private Limited');
    expect(run.stdout).toContain('GSTR-2B -> gstr2b.xlsx');
    const pdf = readFileSync(join(work, 'invoice.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const irn = /^IRN ([0-9a-f]{64})/m.exec(run.stdout)![1]!;
    const text = spawnSync('pdftotext', [join(work, 'invoice.pdf'), '-'], { encoding: 'utf8' });
    if (text.status === 0) expect(text.stdout.replace(/\s+/g, '')).toContain(irn);
    const xlsx = readFileSync(join(work, 'gstr2b.xlsx'));
    expect(xlsx.subarray(0, 2).toString()).toBe('PK');
    expect(existsSync(join(work, 'irn-response.json'))).toBe(true);
  }, 120_000);

  it('run again, as pasted into a shell (no -e), prints the IRP answer 2150 with the IRN, not a stack trace', () => {
    const work = join(dir, 'work');
    const first = readFileSync(join(work, 'invoice.pdf'));
    const run = spawnSync('bash', ['walkthrough.sh'], { cwd: work, encoding: 'utf8', timeout: 120_000 });
    const irn = JSON.parse(readFileSync(join(work, 'irn-response.json'), 'utf8')).Irn as string;
    expect(run.stdout).toContain(`2150 Duplicate IRN IRN ${irn} AckNo `);
    // curl reports the 409 on stderr; node must not add a stack trace to it.
    expect(run.stderr).not.toMatch(/\n\s+at |TypeError|node:internal/);
    // The rest of the walkthrough still runs, and the first PDF is kept.
    expect(run.stdout).toContain('GSTR-2B -> gstr2b.xlsx');
    expect(readFileSync(join(work, 'invoice.pdf')).equals(first)).toBe(true);
  }, 120_000);
});
