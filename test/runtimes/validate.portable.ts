/**
 * Validation (JSON Schema by Ajv, then the portal rules), normalisation of the portal's spellings and the
 * rule catalogue on every runtime. Ajv compiles validators with `new Function`, which workerd forbids:
 * scripts/test-runtimes.ts lists this file as pending there until the validators are compiled ahead of time.
 * @module
 */
import { normalize, rulesFor, validate } from '../../src/index.js';
import irnExample from '../../docs/examples/irn.json' with { type: 'json' };
import irnSpellings from '../../docs/examples/irn-sample-spellings.json' with { type: 'json' };
import ewbExample from '../../docs/examples/ewb.json' with { type: 'json' };
import { describe, expect, it, same } from './harness.js';

const today = { today: '14/11/2026' };
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('validate', () => {
  it('accepts the e-invoice and e-waybill examples', () => {
    const irn = validate('irn', copy(irnExample), today);
    expect(irn.errors).toEqual([]);
    expect(irn.ok).toBe(true);
    const ewb = validate('ewb', copy(ewbExample), today);
    expect(ewb.errors).toEqual([]);
    same('irn canonical', irn.value);
  });

  it('finds a wrong total with its portal code and the field it is about', () => {
    const bad = copy(irnExample) as { ValDtls: { TotInvVal: number } };
    bad.ValDtls.TotInvVal += 100;
    const r = validate('irn', bad, today);
    expect(r.ok).toBe(false);
    expect(r.errors.some((e) => e.path === '/ValDtls/TotInvVal')).toBe(true);
    same('wrong total findings', r.errors);
  });

  it('refuses what is not JSON of the kind with schema findings, not a crash', () => {
    const r = validate('irn', { Version: 7 }, today);
    expect(r.ok).toBe(false);
    expect(r.errors.length).toBeGreaterThan(1);
  });

  it('normalises the sample spellings to the canonical payload', () => {
    const n = normalize('irn', copy(irnSpellings));
    same('normalized spellings', n.value);
    expect(validate('irn', n.value, today).ok).toBe(true);
  });

  it('lists the rules of each kind with their evidence', () => {
    const rules = rulesFor('irn');
    expect(rules.length).toBeGreaterThan(50);
    same(
      'irn rule ids',
      rules.map((r) => r.id),
    );
  });
});
