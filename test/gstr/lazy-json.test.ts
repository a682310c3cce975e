/**
 * A stored return parsed with its long lists left as text reads exactly as the same return parsed whole:
 * same values, same documents from every reader, same errors at the same paths.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readReturn } from '../../src/gstr/jobs.js';
import { parseLazily } from '../../src/gstr/lazy-json.js';
import { clean } from '../../src/gstr/read-2a.js';
import { countReturnDocuments } from '../../src/gstr/count-documents.js';
import { createSandboxGstPortal } from '../../src/sandbox/gst-portal/index.js';
import { GSTIN_A } from './helpers.js';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseLazily', () => {
  it('gives the value JSON.parse gives, for any JSON and any threshold, however it is spaced', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.integer({ min: 0, max: 200 }), fc.boolean(), (value, minChars, spaced) => {
        const text = JSON.stringify(value, null, spaced ? 2 : undefined);
        const lazy = parseLazily(text, minChars);
        expect(JSON.stringify(lazy)).toBe(JSON.stringify(JSON.parse(text)));
        expect(lazy).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a long list as text: an element is parsed again on each access, the list reads as an array', () => {
    const text = JSON.stringify({ head: { n: 1 }, list: Array.from({ length: 50 }, (_, i) => ({ i, s: `a,]}"\\${i}` })) });
    const v = parseLazily(text, 100) as { head: { n: number }; list: Array<{ i: number; s: string }> };
    expect(Array.isArray(v.list)).toBe(true);
    expect(v.list.length).toBe(50);
    expect(v.list[49]).toEqual({ i: 49, s: 'a,]}"\\49' });
    expect(v.list[3]).not.toBe(v.list[3]);
    expect(v.list[50]).toBeUndefined();
    expect(v.list.map((e) => e.i)).toEqual([...Array(50).keys()]);
    expect(() => {
      (v.list as unknown[])[0] = 1;
    }).toThrow(TypeError);
  });

  it('refuses malformed text with a SyntaxError, never a hang', () => {
    for (const bad of ['{"a": [1, 2', '{"a": "x', '[1, 2]]', '{"a": [' + '1,'.repeat(100) + ']}']) {
      expect(() => JSON.stringify(parseLazily(bad, 10))).toThrow(SyntaxError);
    }
  });
});

describe('the readers over a lazily parsed return', () => {
  const same = (returnType: 'gstr2a' | 'gstr2b' | 'gstr3b', text: string, minChars: number): void => {
    const whole = readReturn(returnType, JSON.parse(text));
    const lazy = readReturn(returnType, parseLazily(text, minChars));
    expect(lazy).toEqual(whole);
    expect(countReturnDocuments(returnType, parseLazily(text, minChars))).toBe(countReturnDocuments(returnType, JSON.parse(text)));
  };

  it('read every fixture to the same documents, whatever the threshold', () => {
    for (const [type, name] of [
      ['gstr2a', 'gstr2a-merged.json'],
      ['gstr2b', 'gstr2b-v1-items.json'],
      ['gstr2b', 'gstr2b-v4-ims.json'],
      ['gstr3b', 'gstr3b-offline.json'],
      ['gstr3b', 'gstr3b-retsum.json'],
    ] as const) {
      for (const minChars of [0, 50, 500, 64 * 1024]) same(type, fixture(name), minChars);
    }
  });

  it('read a big synthetic GSTR-2B (lists of many KB) to the same documents', async () => {
    const portal = createSandboxGstPortal({ connectedGstins: [GSTIN_A], syntheticDocumentsPerPeriod: 3000, seed: 'lazy' });
    const fetched = await portal.fetchReturn(GSTIN_A, 'gstr2b', '2024-11');
    if (!fetched.ok) throw new Error(JSON.stringify(fetched.errors));
    const text = JSON.stringify(fetched.value);
    expect(text.length).toBeGreaterThan(64 * 1024);
    same('gstr2b', text, 64 * 1024);
  });

  it('give the same errors at the same paths when a long list holds something that is not a document', () => {
    const ret = JSON.parse(fixture('gstr2b-v4-ims.json')) as { data: { docdata: { b2b: unknown[] } } };
    ret.data.docdata.b2b = [...ret.data.docdata.b2b, 'not a supplier', ...ret.data.docdata.b2b, { ctin: 7, inv: [{ inum: 5 }] }];
    const text = JSON.stringify(ret);
    const whole = readReturn('gstr2b', JSON.parse(text));
    expect(whole.ok).toBe(false);
    same('gstr2b', text, 10);
  });
});

describe('clean', () => {
  it('drops undefined fields and keeps the rest in order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.option(fc.jsonValue(), { nil: undefined })), (o) => {
        const out = clean({ ...o });
        expect(Object.values(out)).not.toContain(undefined);
        expect(Object.keys(out)).toEqual(Object.keys(o).filter((k) => o[k] !== undefined));
        for (const k of Object.keys(out)) expect(out[k]).toBe(o[k]);
      }),
    );
  });
});
