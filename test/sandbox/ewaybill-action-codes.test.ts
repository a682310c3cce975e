import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ewbActionCodes } from '../../src/rules/ewaybill/action-codes.js';
import { sandboxCodes } from '../../src/sandbox/codes.js';
import { errorCodesMarkdown } from '../../src/catalogue.js';

const dir = new URL('../../src/sandbox/ewaybill/', import.meta.url);
// The sandbox e-waybill's files other than the actions': the portal itself and the consolidated and
// multi-vehicle movement, whose codes are listed apart (ewaybill-movement-codes.test.ts).
const notActions = new Set(['portal.ts', 'consolidated.ts', 'multivehicle.ts', 'movement.ts']);

describe('the codes of the e-waybill actions', () => {
  it('lists every code the actions refuse with, and nothing they never give', () => {
    const used = new Set<string>();
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && !notActions.has(n))) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      for (const m of text.matchAll(/(?:refuse\(\s*|generatorLate: |notAssigned: )'([^']+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/sandboxCodes\.(\w+)/g)) used.add(sandboxCodes[m[1] as keyof typeof sandboxCodes]);
    }
    const listed = ewbActionCodes.map((c) => c.code);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...used].filter((c) => !listed.includes(c)).sort()).toEqual([]);
    expect(listed.filter((c) => !used.has(c)).sort()).toEqual([]);
  });

  it('are in the error-code catalogue', () => {
    const doc = errorCodesMarkdown();
    for (const c of ewbActionCodes) expect(doc).toContain(`| ${c.code} | ${c.actions} |`);
  });
});
