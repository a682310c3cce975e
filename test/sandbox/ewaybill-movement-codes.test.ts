import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ewbMovementCodes } from '../../src/rules/ewaybill/movement-codes.js';
import { sandboxCodes } from '../../src/sandbox/codes.js';
import { errorCodesMarkdown } from '../../src/catalogue.js';

const modules = ['ewaybill/consolidated.ts', 'ewaybill/multivehicle.ts'];

describe('the codes of the consolidated and multi-vehicle actions', () => {
  it('lists every code the actions refuse with, and nothing they never give', () => {
    const used = new Set<string>(['813']); // from the shared revision loop every action runs through
    for (const name of modules) {
      const text = readFileSync(new URL(`../../src/sandbox/${name}`, import.meta.url), 'utf8');
      for (const m of text.matchAll(/(?:refuse\(\s*|generatorLate: |notAssigned: )'([^']+)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/sandboxCodes\.(\w+)/g)) used.add(sandboxCodes[m[1] as keyof typeof sandboxCodes]);
    }
    const listed = ewbMovementCodes.map((c) => c.code);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...used].filter((c) => !listed.includes(c)).sort()).toEqual([]);
    expect(listed.filter((c) => !used.has(c)).sort()).toEqual([]);
  });

  it('are in the error-code catalogue', () => {
    const doc = errorCodesMarkdown();
    for (const c of ewbMovementCodes) expect(doc).toContain(`| ${c.code} | ${c.actions} |`);
  });
});
