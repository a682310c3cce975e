import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as masters from '../../src/masters/index.js';

describe('lazy loading', () => {
  it('importing and using the state lookup parses only states.json and never loads exceljs', () => {
    const probe = fileURLToPath(new URL('./fixtures/lazy-probe.ts', import.meta.url));
    const out = execFileSync(process.execPath, ['--import', 'tsx', probe], { encoding: 'utf8' });
    const result = JSON.parse(out.trim().split('\n').pop()!);
    expect(result).toEqual({ afterImport: 0, files: ['states.json'], excelLoaded: false });
  });
});

describe('lookups never throw', () => {
  const lookups: Array<[string, (x: unknown) => unknown]> = [
    ['state', (x) => masters.state(x as string)],
    ['pinStates', (x) => masters.pinStates(x as string)],
    ['pinMatchesState', (x) => masters.pinMatchesState(x as string, x as string)],
    ['stateOfPin', (x) => masters.stateOfPin(x as string)],
    ['unit', (x) => masters.unit(x as string)],
    ['isUnit', (x) => masters.isUnit(x as string)],
    ['rateAllowedOn', (x) => masters.rateAllowedOn(x as number, x as string)],
    ['gstRates', (x) => masters.gstRates(x as string)],
    ['country', (x) => masters.country(x as string)],
    ['isCurrency', (x) => masters.isCurrency(x as string)],
    ['hsnChapter', (x) => masters.hsnChapter(x as string)],
    ['hsn', (x) => masters.hsn(x as string)],
    ['hsnExists', (x) => masters.hsnExists(x as string)],
    ['gstinCheckChar', (x) => masters.gstinCheckChar(x as string)],
    ['parseGstin', (x) => masters.parseGstin(x)],
    ['parseCompactHsn', (x) => masters.parseCompactHsn(x as string)],
  ];
  const odd = [
    null,
    undefined,
    NaN,
    -0,
    1e308,
    -1,
    3.5,
    {},
    [],
    [29],
    () => 29,
    Symbol('x'),
    10n,
    true,
    'x'.repeat(1_000_000),
    '9'.repeat(1000),
    '\u0000',
    Object.create(null),
  ];
  it.each(lookups)('%s on odd values', (_name, fn) => {
    for (const x of odd) expect(() => fn(x)).not.toThrow();
    fc.assert(
      fc.property(fc.anything(), (x) => (fn(x), true)),
      { numRuns: 300 },
    );
  });
});
