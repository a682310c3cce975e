/**
 * Every rule's evidence points where a reader can follow it: a public URL or a portal's own document, never a
 * note or data file that is not in the repository (docs/rules.md prints these sources).
 */
import { describe, expect, it } from 'vitest';
import { allRules } from '../../src/rules/index.js';

// File names a source must not cite outside a URL: notes (.md), data (.csv) and code (.py, .ts) that a reader
// of this repository cannot open.
const PRIVATE_FILE = /\b[\w-]+\.(md|csv|py|ts)\b|shared\/reference|research\//;

const sources = allRules().map(({ kind, rule }) => {
  const e = rule.evidence;
  const source = e === 'own' ? '' : 'spec' in e ? e.spec : e.source;
  return { rule: `${kind} ${rule.id}`, source };
});

describe('rule evidence', () => {
  it('names no file outside the repository', () => {
    const privateOnes = sources.filter((s) => PRIVATE_FILE.test(s.source.replace(/https?:\/\/\S+/g, '')));
    expect(privateOnes).toEqual([]);
  });

  it('cites a URL or a portal document for every portal rule', () => {
    const portalSources = allRules().flatMap(({ kind, rule }) =>
      typeof rule.evidence === 'object' && 'portal' in rule.evidence ? [{ rule: `${kind} ${rule.id}`, source: rule.evidence.source }] : [],
    );
    expect(portalSources.length).toBeGreaterThan(200);
    const unfollowable = portalSources.filter((s) => !/https?:\/\/|\b(NIC|GSTN|IRP|EWB)\b/.test(s.source));
    expect(unfollowable).toEqual([]);
  });
});
