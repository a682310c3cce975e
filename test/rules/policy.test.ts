import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { validate } from '../../src/index.js';
import { allRules } from '../../src/rules/index.js';
import { inForce, turnoverMode } from '../../src/rules/apply.js';
import { ruleSeverity, type Evidence } from '../../src/rules/rule.js';
import { rulesMarkdown } from '../../src/rules/table.js';
import { exportDoc, intra, loose } from './einvoice-fixtures.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const portal: Evidence = { portal: 'IRP', code: '2172', source: 'error list' };

describe('the severity policy', () => {
  it('makes portal-backed certain and likely rules errors, own and uncertain ones warnings unless strict', () => {
    expect(ruleSeverity({ evidence: portal, certainty: 'certain' })).toBe('error');
    expect(ruleSeverity({ evidence: portal, certainty: 'likely' })).toBe('error');
    expect(ruleSeverity({ evidence: { spec: 'SPEC.md' }, certainty: 'certain' })).toBe('error');
    expect(ruleSeverity({ evidence: portal, certainty: 'uncertain' })).toBe('warning');
    expect(ruleSeverity({ evidence: 'own', certainty: 'certain' })).toBe('warning');
    expect(ruleSeverity({ evidence: portal, certainty: 'uncertain' }, true)).toBe('error');
    expect(ruleSeverity({ evidence: 'own', certainty: 'certain' }, true)).toBe('error');
    expect(ruleSeverity({ evidence: portal, certainty: 'certain', advisory: true }, true)).toBe('warning');
  });

  it('gives every rule evidence, and a source to every portal evidence', () => {
    for (const { rule } of allRules()) {
      expect(rule.evidence, rule.id).toBeDefined();
      if (rule.evidence !== 'own' && 'portal' in rule.evidence) expect(rule.evidence.source.length, rule.id).toBeGreaterThan(3);
      expect(rule.severity).toBe(ruleSeverity(rule));
    }
  });

  it('an own rule warns by default and refuses with strict (export PIN other than 999999)', () => {
    const doc = exportDoc();
    loose(doc).BuyerDtls.Pin = 560001;
    const lenient = validate('irn', doc, { today: '20/06/2024' });
    expect(lenient.ok).toBe(true);
    expect(lenient.warnings.map((w) => w.code)).toContain('SVC-304');
    const strict = validate('irn', doc, { today: '20/06/2024', strict: true });
    expect(strict.ok).toBe(false);
    expect(strict.errors.map((e) => e.code)).toContain('SVC-304');
  });

  it('an advisory rule stays a warning with strict (IsServc against a goods HSN)', () => {
    const doc = intra();
    loose(doc).ItemList[2].HsnCd = '84713010';
    const strict = validate('irn', doc, { today: '20/06/2024', strict: true });
    expect(strict.warnings.map((w) => w.code)).toContain('SVC-305');
    expect(strict.errors.map((e) => e.code)).not.toContain('SVC-305');
  });

  it('a portal-backed rule refuses with or without strict', () => {
    const doc = intra();
    loose(doc).DocDtls.Typ = 'BIL';
    for (const strict of [false, true]) expect(validate('irn', doc, { today: '20/06/2024', strict }).errors.map((e) => e.code)).toContain('2161');
  });

  it('refuses unknown context options as programmer errors', () => {
    expect(() => validate('irn', intra(), { irp: 'IRP9' as never })).toThrow(TypeError);
    expect(() => validate('irn', intra(), { environment: 'staging' as never })).toThrow(TypeError);
    expect(() => validate('irn', intra(), { aato: -1 })).toThrow(TypeError);
    expect(() => validate('irn', intra(), { aato: Number.NaN })).toThrow(TypeError);
  });
});

describe('dates and turnover bounds', () => {
  const gate = (doc: string | undefined, reporting: string | undefined) => ({
    documentDay: doc === undefined ? undefined : Number(doc.split('/').reverse().join('')),
    reportingDay: reporting === undefined ? undefined : Number(reporting.split('/').reverse().join('')),
  });

  it('runs a rule from its since day and through its until day, both included', () => {
    const rule = { since: '22/09/2025', until: '31/01/2026' };
    expect(inForce(rule, gate('21/09/2025', '01/11/2026'))).toBe(false);
    expect(inForce(rule, gate('22/09/2025', '01/11/2026'))).toBe(true);
    expect(inForce(rule, gate('31/01/2026', '01/11/2026'))).toBe(true);
    expect(inForce(rule, gate('01/02/2026', '01/11/2026'))).toBe(false);
  });

  it('compares with the reporting date when the rule says so, and with it when the document has no date', () => {
    const byReporting = { since: '01/04/2025', dateBasis: 'reporting' as const };
    expect(inForce(byReporting, gate('01/01/2025', '31/03/2025'))).toBe(false);
    expect(inForce(byReporting, gate('01/01/2025', '01/04/2025'))).toBe(true);
    expect(inForce({ since: '01/04/2025' }, gate(undefined, '01/04/2025'))).toBe(true);
    expect(inForce({ since: '01/04/2025' }, gate(undefined, '31/03/2025'))).toBe(false);
  });

  it('runs a turnover-bound rule only inside its bounds, and without a turnover skips or warns as it asks', () => {
    const tenCrore = { aato: { atLeast: 100_000_000 } };
    expect(turnoverMode(tenCrore, 99_999_999)).toBe('skip');
    expect(turnoverMode(tenCrore, 100_000_000)).toBe('run');
    expect(turnoverMode(tenCrore, undefined)).toBe('skip');
    expect(turnoverMode({ ...tenCrore, whenAatoUnknown: 'warn' }, undefined)).toBe('warn');
    const aboveFive = { aato: { over: 50_000_000 } };
    expect(turnoverMode(aboveFive, 50_000_000)).toBe('skip');
    expect(turnoverMode(aboveFive, 50_000_001)).toBe('run');
    expect(turnoverMode({}, undefined)).toBe('run');
  });
});

describe('docs/rules.md', () => {
  it('is what the rule tables say (npm run docs:rules writes it)', () => {
    expect(readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8')).toBe(rulesMarkdown());
  });

  it('lists every rule once per payload kind', () => {
    const text = rulesMarkdown();
    for (const { kind, rule } of allRules()) expect(text).toContain(`| ${kind} | ${rule.id} | ${rule.code} |`);
  });
});

describe('gstkit validate context options', () => {
  const gstkit = (args: string[], input: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root, input, encoding: 'utf8' });

  it('--strict turns an own rule into a refusal', () => {
    const doc = exportDoc();
    loose(doc).BuyerDtls.Pin = 560001;
    const lenient = gstkit(['validate', 'irn', '-', '--today', '20/06/2024'], JSON.stringify(doc));
    expect(lenient.status).toBe(0);
    const strict = gstkit(
      ['validate', 'irn', '-', '--today', '20/06/2024', '--strict', '--irp', 'irp2', '--environment', 'production', '--aato', '12,00,00,000'],
      JSON.stringify(doc),
    );
    expect(strict.status).toBe(1);
    expect(JSON.parse(strict.stdout).errors.map((e: { code: string }) => e.code)).toContain('SVC-304');
  });

  it('exits 2 on a bad --aato, --irp or --environment', () => {
    for (const bad of [
      ['--aato', 'ten crore'],
      ['--irp', 'IRP7'],
      ['--environment', 'staging'],
    ]) {
      const run = gstkit(['validate', 'irn', '-', ...bad], '{}');
      expect(run.status, bad.join(' ')).toBe(2);
      expect(run.stderr).toContain(bad[0]);
    }
  });
});
