import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { validate } from '../../src/validate.js';
import { normalize } from '../../src/normalize/index.js';
import type { Issue } from '../../src/issue.js';

const example = (): Record<string, any> => JSON.parse(readFileSync(new URL('../../docs/examples/irn.json', import.meta.url), 'utf8'));
const options = { today: '22/11/2026' };

/** The bundled 3-line invoice as many ERPs send it: every amount, quantity and rate as text. */
function amountsAsText(): Record<string, any> {
  const doc = example();
  for (const item of doc.ItemList) for (const [k, v] of Object.entries(item)) if (typeof v === 'number') item[k] = String(v);
  for (const [k, v] of Object.entries(doc.ValDtls)) if (typeof v === 'number') doc.ValDtls[k] = String(v);
  return doc;
}

const converted = (issues: Issue[]): Issue[] => issues.filter((i) => i.code === 'SVC-118');

describe('values converted to their type are reported once per field', () => {
  test('a 3-line invoice with amounts as text gets one warning per field, with a count', () => {
    const result = validate('irn', amountsAsText(), options);
    expect(result.ok).toBe(true);
    const warnings = converted(result.warnings);
    const unitPrice = warnings.filter((w) => w.message.startsWith('ItemList[*].UnitPrice'));
    expect(unitPrice).toEqual([
      {
        code: 'SVC-118',
        severity: 'warning',
        path: '/ItemList/0/UnitPrice',
        message: 'ItemList[*].UnitPrice: 3 values sent as text were read as numbers (the type the specification gives)',
      },
    ]);
    const fields = new Set(warnings.map((w) => w.message.split(':')[0]));
    expect(fields.size).toBe(warnings.length);
    expect(warnings.length).toBeLessThan(converted(validate('irn', amountsAsText(), { ...options, coercions: 'each' }).warnings).length / 2);
  });

  test("'each' reports every value, 'silent' none; the values are converted either way", () => {
    const each = validate('irn', amountsAsText(), { ...options, coercions: 'each' });
    expect(
      converted(each.warnings)
        .filter((w) => w.path.endsWith('/UnitPrice'))
        .map((w) => w.path),
    ).toEqual(['/ItemList/0/UnitPrice', '/ItemList/1/UnitPrice', '/ItemList/2/UnitPrice']);
    const silent = validate('irn', amountsAsText(), { ...options, coercions: 'silent' });
    expect(converted(silent.warnings)).toEqual([]);
    expect((silent.value as any).ItemList[0].UnitPrice).toBe(52500);
  });

  test('a lone conversion keeps its own message, which quotes the value', () => {
    const doc = example();
    doc.ItemList[0].Qty = '10';
    const warnings = converted(normalize('irn', doc).warnings);
    expect(warnings.map((w) => w.message)).toEqual(['ItemList[0].Qty: the text "10" was read as the number 10 (the type the specification gives)']);
  });

  test('an unknown coercions option is a programmer error', () => {
    expect(() => validate('irn', example(), { ...options, coercions: 'loud' as never })).toThrow(TypeError);
  });
});

test('gstkit validate --coercions each reports every value', async () => {
  const { spawnSync } = await import('node:child_process');
  const run = (flag: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'validate', 'irn', '-', '--today', '22/11/2026', ...flag], {
      cwd: new URL('../..', import.meta.url),
      input: JSON.stringify(amountsAsText()),
      encoding: 'utf8',
    });
  const count = (flag: string[]) => converted(JSON.parse(run(flag).stdout).warnings).length;
  expect(count(['--coercions', 'each'])).toBeGreaterThan(count([]));
  expect(count(['--coercions', 'silent'])).toBe(0);
  expect(run(['--coercions', 'loud']).status).toBe(2);
});

describe('a blank text is one finding', () => {
  test('a blank Unit on a goods line: the portal code 2239 alone', () => {
    const doc = example();
    doc.ItemList[0].Unit = '';
    const result = validate('irn', doc, options);
    expect([...result.errors, ...result.warnings].filter((i) => i.path === '/ItemList/0/Unit').map((i) => i.code)).toEqual(['2239']);
  });

  test('a blank Unit on a service line: one schema issue', () => {
    const doc = example();
    Object.assign(doc.ItemList[1], { IsServc: 'Y', HsnCd: '998313', Unit: '  ' });
    const result = validate('irn', doc, options);
    expect([...result.errors, ...result.warnings].filter((i) => i.path === '/ItemList/1/Unit')).toHaveLength(1);
  });
});
