import { spawnSync } from 'node:child_process';
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
