import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kinds } from '../../src/kinds.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function gstkit(args: string[], input?: string): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root, input, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('gstkit validate', () => {
  it('prints ok:true and exits 0 for the bundled invoice', () => {
    const run = gstkit(['validate', 'irn', 'docs/examples/irn.json', '--today', '22/11/2026']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ok: true, errors: [], warnings: [] });
  });

  it('prints the issues and exits 1 for an invalid payload from standard input', () => {
    const run = gstkit(['validate', 'deal', '-'], JSON.stringify({ contactName: 'A', mobile: '12345' }));
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.ok).toBe(false);
    expect(out.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['/mobile', '/email', '/businessName']));
  });

  it('knows every kind of the design', () => {
    const run = gstkit(['validate', 'no-such-kind', '-'], '{}');
    expect(run.code).toBe(2);
    for (const kind of kinds) expect(run.stderr).toContain(kind);
  });

  it('exits 2 with one line on stderr for an unreadable file, bad JSON and a bad option', () => {
    for (const [args, input] of [
      [['validate', 'irn', 'no/such/file.json'], undefined],
      [['validate', 'irn', '-'], '{not json'],
      [['validate', 'irn', '-', '--today', '2026-11-22'], '{}'],
      [['validate', 'irn', '-', '--colour', 'red'], '{}'],
      [['frobnicate'], undefined],
    ] as const) {
      const run = gstkit([...args], input);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')[0]).toMatch(/^gstkit: /);
    }
  });
});

describe('gstkit normalize', () => {
  it('prints the canonical payload of the sample spellings', () => {
    const run = gstkit(['normalize', 'irn', 'docs/examples/irn-sample-spellings.json']);
    expect(run.code).toBe(0);
    const canonical = JSON.parse(gstkit(['normalize', 'irn', 'docs/examples/irn.json']).stdout);
    expect(JSON.parse(run.stdout)).toEqual(canonical);
    expect(Object.keys(canonical)).toContain('ValDtls');
  });
});

describe('gstkit compute irn', () => {
  const invoice = (line: Record<string, unknown>) => {
    const doc = JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8'));
    doc.ItemList = [{ SlNo: '1', PrdDesc: 'Annual maintenance', IsServc: 'Y', HsnCd: '998713', UnitPrice: 10000, GstRt: 18, ...line }];
    doc.ValDtls = {};
    return JSON.stringify(doc);
  };

  it('keeps the TotAmt of a service line without Qty', () => {
    const run = gstkit(['compute', 'irn', '-'], invoice({ TotAmt: 10000 }));
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.ItemList[0]).toMatchObject({ TotAmt: 10000, AssAmt: 10000, TotItemVal: 11800 });
    expect(out.ValDtls.TotInvVal).toBe(11800);
  });

  it('never prices a line without Qty and without TotAmt at 0: it names what it could not derive and exits 1', () => {
    const run = gstkit(['compute', 'irn', '-'], invoice({}));
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).ItemList[0]).not.toHaveProperty('TotAmt');
    expect(run.stderr).toContain('SVC-530 /ItemList/0/TotAmt');
    expect(run.stderr).toContain('SVC-530 /ValDtls/TotInvVal');
  });
});

describe('gstkit help, --version and --help', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };

  it('prints the package version and exits 0', () => {
    const run = gstkit(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(manifest.version);
  });

  it('prints the command overview on stdout for `gstkit help`', () => {
    const run = gstkit(['help']);
    expect(run.code).toBe(0);
    for (const command of ['validate', 'normalize', 'compute', 'render', 'serve', 'masters']) expect(run.stdout).toContain(command);
    expect(run.stderr).toBe('');
  });

  it.each(['validate', 'normalize', 'compute', 'render', 'serve', 'masters', 'keys'])('answers `%s --help` with its usage on stdout and exit 0', (command) => {
    const run = gstkit([command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^usage: gstkit ${command}`));
    expect(gstkit(['help', command]).stdout).toBe(run.stdout);
  });

  it('lists every environment variable the server reads in `serve --help`', () => {
    const run = gstkit(['serve', '--help']);
    const source = readFileSync(join(root, 'src/cli/serve.ts'), 'utf8');
    const read = new Set([...source.matchAll(/env\[['"]([A-Z_]+)['"]\]/g)].map((m) => m[1]!));
    expect(read.size).toBeGreaterThanOrEqual(7);
    for (const variable of read) expect(run.stdout).toContain(variable);
  });

  it('still refuses a missing command with exit 2', () => {
    const run = gstkit([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('usage: gstkit');
  });
});
