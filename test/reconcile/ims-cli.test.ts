import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readGstr2b } from '../../src/gstr/index.js';
import { imsOfflineJson, readPurchaseCsv, reconcile } from '../../src/reconcile/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CSV = 'docs/examples/reconcile/purchases.csv';
const B2B = 'docs/examples/reconcile/gstr2b-112025.json';

function gstkit(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('gstkit reconcile --ims-out', () => {
  it('writes the IMS offline JSON of the suggested actions, the same as the library builds', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gstkit-ims-'));
    const out = path.join(dir, 'ims.json');
    const run = gstkit(['reconcile', CSV, B2B, '--ims-out', out]);
    expect(run.stderr).toMatch(/IMS offline JSON: \d+ action\(s\) written/);
    expect(run.code).toBe(0);
    const written = JSON.parse(fs.readFileSync(out, 'utf8'));

    const books = readPurchaseCsv(fs.readFileSync(path.join(root, CSV)));
    const nov = readGstr2b(fs.readFileSync(path.join(root, B2B)));
    if (!books.ok || !nov.ok) throw new Error('the examples should read');
    const expected = imsOfflineJson(reconcile(books.value.rows, [nov.value]), { gstin: nov.value.gstin, period: nov.value.period });
    expect(expected.records).toBeGreaterThan(0);
    expect(written).toEqual(expected.json);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a period that is not YYYY-MM with a usage error', () => {
    const run = gstkit(['reconcile', CSV, B2B, '--ims-out', path.join(os.tmpdir(), 'never.json'), '--ims-period', '112025']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--ims-period YYYY-MM');
  });
});
