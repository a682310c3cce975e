import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { validate } from '../../src/validate.js';
import { createHsnMaster } from '../../src/masters/hsn.js';
import { writeCompactHsn } from '../../src/masters/hsn-loader.js';
import { example } from '../support/examples.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** A master that knows two of the example invoice's three codes. */
const partial = createHsnMaster([
  { code: '84713010', description: 'Personal computer', kind: 'goods' },
  { code: '85234920', description: 'Software on media', kind: 'goods' },
]);

describe('checking HSN codes against a full master', () => {
  it('validate() takes a master for one call and reports the code it lacks with 2176', () => {
    const result = validate('irn', example('irn'), { today: '22/11/2026', hsnMaster: partial });
    expect(result.errors).toEqual([expect.objectContaining({ code: '2176', path: '/ItemList/2/HsnCd' })]);
    expect(validate('irn', example('irn'), { today: '22/11/2026' }).ok).toBe(true);
  });

  it('gstkit validate --hsn-master reads a compact master file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gstkit-hsn-'));
    try {
      const file = join(dir, 'hsn.txt');
      expect(writeCompactHsn(partial, file).ok).toBe(true);
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/cli.ts', 'validate', 'irn', 'docs/examples/irn.json', '--today', '22/11/2026', '--hsn-master', file],
        { cwd: root, encoding: 'utf8' },
      );
      expect(run.status).toBe(1);
      expect(JSON.parse(run.stdout).errors).toEqual([expect.objectContaining({ code: '2176', path: '/ItemList/2/HsnCd' })]);
      const missing = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/cli.ts', 'validate', 'irn', 'docs/examples/irn.json', '--hsn-master', join(dir, 'none.txt')],
        { cwd: root, encoding: 'utf8' },
      );
      expect(missing.status).toBe(2);
      expect(missing.stderr).toMatch(/^gstkit: cannot use HSN master/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
