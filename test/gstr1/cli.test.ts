import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const gstkit = (args: string[], input?: string) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root, input, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};

describe('gstkit gstr1', () => {
  it('prints the GSTR-1 JSON of the example documents and exits 0', () => {
    const run = gstkit(['gstr1', 'docs/examples/gstr1/documents.json', '--gstin', '29AAGCK4821M1Z4', '--period', '112026']);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(Object.keys(json)).toEqual(['gstin', 'fp', 'version', 'hash', 'b2b', 'b2cl', 'b2cs', 'cdnr', 'exp', 'nil', 'hsn', 'doc_issue']);
    expect(json.b2cl[0].inv[0].inum).toBe('KC/26-27/0103');
  });

  it('reports the pre-upload errors on stderr and exits 1; misuse exits 2', () => {
    const doc = {
      DocDtls: { Typ: 'INV', No: 'A-1', Dt: '05/12/2026' },
      SellerDtls: { Gstin: '29AAGCK4821M1Z4' },
      BuyerDtls: { Gstin: 'URP', Pos: '29' },
      ItemList: [{ GstRt: 18, AssAmt: 10, CgstAmt: 0.9, SgstAmt: 0.9 }],
    };
    const run = gstkit(['gstr1', '-', '--gstin', '29AAGCK4821M1Z4', '--period', '112026'], JSON.stringify([doc]));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('error SVC-643');
    expect(JSON.parse(run.stdout).b2cs).toBeUndefined();
    expect(gstkit(['gstr1', '-', '--gstin', '29AAGCK4821M1Z4'], '[]').code).toBe(2);
    expect(gstkit(['gstr1', '-', '--gstin', '29AAGCK4821M1Z4', '--period', '112026'], '{}').code).toBe(2);
  });
});

describe('gstkit gstr1 compare', () => {
  it("matches the books' GSTR-1 against an unchanged portal copy (exit 0) and names a difference (exit 1)", () => {
    const built = gstkit(['gstr1', 'docs/examples/gstr1/documents.json', '--gstin', '29AAGCK4821M1Z4', '--period', '112026']);
    expect(built.code, built.stderr).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'gstkit-gstr1-compare-'));
    const portal = JSON.parse(built.stdout);
    writeFileSync(join(dir, 'portal.json'), JSON.stringify(portal));
    // The books given as the IRN payloads they are built from.
    const same = gstkit([
      'gstr1',
      'compare',
      'docs/examples/gstr1/documents.json',
      join(dir, 'portal.json'),
      '--gstin',
      '29AAGCK4821M1Z4',
      '--period',
      '112026',
    ]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toMatch(/^matched \d+, different 0, missing in GSTR-1 0, missing in the books 0/);
    portal.b2cl[0].inv[0].val += 10;
    writeFileSync(join(dir, 'portal.json'), JSON.stringify(portal));
    writeFileSync(join(dir, 'books.json'), built.stdout);
    const changed = gstkit(['gstr1', 'compare', join(dir, 'books.json'), join(dir, 'portal.json')]);
    expect(changed.code).toBe(1);
    const result = JSON.parse(changed.stdout);
    expect(result.summary.different).toBe(1);
    expect(result.rows.find((r: { status: string }) => r.status === 'different')).toMatchObject({
      section: 'b2cl',
      key: 'KC/26-27/0103',
      differences: [{ field: 'val' }],
    });
    expect(gstkit(['gstr1', 'compare', 'docs/examples/gstr1/documents.json', join(dir, 'portal.json')]).code).toBe(2); // payloads without --gstin
  });
});
