import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function gstkit(args: string[], input?: string): { code: number | null; out: any } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root, input, encoding: 'utf8' });
  return { code: run.status, out: run.stdout ? JSON.parse(run.stdout) : undefined };
}

const example = (kind: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`../../docs/examples/${kind}.json`, import.meta.url), 'utf8'));

describe('gstkit validate, one kind per e-waybill action', () => {
  it('accepts each example and refuses a malformed request with the portal codes (exit 1)', () => {
    for (const kind of ['update-vehicle', 'update-transporter', 'extend-validity', 'reject-ewb']) {
      expect(gstkit(['validate', kind, `docs/examples/${kind}.json`, '--today', '22/11/2026']).code, kind).toBe(0);
    }
    const vehicle = gstkit(
      ['validate', 'update-vehicle', '-', '--today', '22/11/2026'],
      JSON.stringify({ ...example('update-vehicle'), transMode: '3', transDocNo: undefined, reasonCode: '7' }),
    );
    expect(vehicle.code).toBe(1);
    expect(vehicle.out.errors.map((e: { code: string }) => e.code)).toEqual(expect.arrayContaining(['394', '307']));
    const extension = gstkit(
      ['validate', 'extend-validity', '-', '--today', '22/11/2026'],
      JSON.stringify({ ...example('extend-validity'), consignmentStatus: 'T' }),
    );
    expect(extension.code).toBe(1);
    expect(extension.out.errors.map((e: { code: string }) => e.code)).toEqual(expect.arrayContaining(['302', '705', '706']));
  }, 60_000);
});
