/** The code examples of README.md run as written (with gstkit's imports pointed at the sources). */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, copyFileSync, rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(root, '.tmp-readme-'));
  made.push(dir);
  return dir;
}

function runnable(code: string): string {
  return code
    .replace(/from 'gstkit'/g, `from '${root}src/index.ts'`)
    .replace(/from 'gstkit\/([\w/]+)'/g, (_m, sub: string) => `from '${root}src/${sub}/index.ts'`);
}

describe('README examples', () => {
  it('has the validation example and the server example', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  it('validates the bundled invoice as the example shows', () => {
    const dir = scratch();
    copyFileSync(join(root, 'docs/examples/irn.json'), join(dir, 'invoice.json'));
    const code = `const submitToIrp = (v: unknown) => console.log('submitted', typeof v);\n${runnable(blocks[0]!)}`;
    writeFileSync(join(dir, 'example.mts'), code);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'example.mts'], { cwd: dir, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('submitted object\n');
  });

  it('starts the server of the embedding example', () => {
    const dir = scratch();
    const code = runnable(blocks[1]!).replace(
      '.listen(8080);',
      `.listen(0, function (this: any) {
      const port = this.address().port;
      fetch('http://127.0.0.1:' + port + '/api/svc/gst/getgstin?gstin=29AAGCK4821M1Z4', { headers: { authorization: 'Basic ' + Buffer.from(key.keyId + ':' + key.keySecret).toString('base64') } })
        .then((r) => r.json()).then((body) => { console.log(body.Result.LegalName); process.exit(0); });
    });`,
    );
    writeFileSync(join(dir, 'server.mts'), code);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server.mts'], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    expect(run.stdout.trim()).toBe('Kaveri Components Private Limited');
  });
});
