/**
 * The schema validators are compiled ahead of time (`npm run gen:validators`), so gstkit validates where
 * code cannot be made from strings: Cloudflare Workers, pages under a strict Content Security Policy, and
 * Node run with --disallow-code-generation-from-strings, which stands in for them here.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../architecture/layers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const generated = ['src/schema/validators-any.generated.ts', 'src/schema/validators-json.generated.ts'];

/** Runs an ES module script in a fresh Node that refuses `eval` and `new Function`, with gstkit's source loaded through tsx. */
function runWithoutCodeGeneration(script: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
}

describe('validation without code generation from strings', () => {
  it('validates a valid and a broken invoice, and every kind, where new Function and eval throw', () => {
    const run = runWithoutCodeGeneration(`
      import { readFileSync } from 'node:fs';
      import { validate } from './src/index.ts';
      import { kinds } from './src/kinds.ts';
      const refused = [];
      try { new Function('return 1'); } catch (e) { refused.push(e.name); }
      try { (0, eval)('1'); } catch (e) { refused.push(e.name); }
      const invoice = JSON.parse(readFileSync('docs/examples/irn.json', 'utf8'));
      const valid = validate('irn', invoice, { today: '22/11/2026' });
      invoice.ItemList[0].GstRt = 'eighteen';
      invoice.DocDtls.Dt = '31/02/2026';
      const broken = validate('irn', invoice, { today: '22/11/2026' });
      const everyKind = kinds.map((kind) => validate(kind, {}, { today: '22/11/2026' }).ok);
      console.log(JSON.stringify({ refused, valid: valid.ok, broken: broken.errors.map((e) => e.code + ' ' + e.path), everyKind }));
    `);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const seen = JSON.parse(run.stdout) as { refused: string[]; valid: boolean; broken: string[]; everyKind: boolean[] };
    expect(seen.refused).toEqual(['EvalError', 'EvalError']);
    expect(seen.valid).toBe(true);
    expect(seen.broken).toContain('SVC-101 /ItemList/0/GstRt');
    expect(seen.broken.some((finding) => finding.endsWith(' /DocDtls/Dt'))).toBe(true);
    // Every kind's validator ran: an empty object breaks some schema of each, and nothing threw.
    expect(seen.everyKind.length).toBeGreaterThan(50);
  }, 60_000);

  it('is a real check: compiling a schema at run time fails under the same flag', () => {
    const run = runWithoutCodeGeneration(`
      import { createRequire } from 'node:module';
      const Ajv = createRequire(import.meta.url)('ajv/dist/2020.js').default;
      try { new Ajv({ logger: false }).compile({ type: 'string' }); console.log('compiled'); } catch (e) { console.log(e.name); }
    `);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('EvalError');
  }, 60_000);
});

describe('the generated validators', () => {
  const sources = generated.map((path) => readFileSync(`${root}/${path}`, 'utf8'));
  const packageImports = [...new Set(sources.flatMap((text) => [...text.matchAll(/^import .* from "([^".][^"]*)";$/gm)].map((m) => m[1]!)))];

  it('import packages by paths that resolve as ES module imports in plain Node', () => {
    expect(packageImports.length).toBeGreaterThan(0);
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        'for (const specifier of JSON.parse(process.argv[1])) await import(specifier); console.log("resolved")',
        JSON.stringify(packageImports),
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('resolved');
  });

  it('require nothing, and make no code from strings', () => {
    for (const text of sources) {
      expect(text).not.toMatch(/\brequire\(/);
      expect(text).not.toMatch(/\bnew Function\b|\beval\(/);
      // the copying append of sub-schema errors, quadratic in the errors found, was rewritten (linear-errors.ts)
      expect(text).not.toMatch(/vErrors\.concat\(/);
      expect(text).toMatch(/for\(const e of validate\d+\.errors\)\{vErrors\.push\(e\);\}/);
    }
  });

  it('are the only way gstkit checks a schema: no file of src/ imports Ajv itself, but for types', () => {
    const importsOfAjv: string[] = [];
    for (const [file, text] of sourceFiles(`${root}/src`)) {
      for (const m of text.matchAll(/^import (type )?[^;]*? from ['"](ajv(?:\/[^'"]*)?)['"]/gm)) {
        if (m[1] === undefined && m[2] !== 'ajv/dist/runtime/ucs2length.js') importsOfAjv.push(`${file}: ${m[2]}`);
      }
    }
    expect(importsOfAjv).toEqual([]);
  });
});
