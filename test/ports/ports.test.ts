import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { basicAuth, generateApiKey, parseApiKeys } from '../../src/ports/index.js';
import * as sandbox from '../../src/sandbox/index.js';

/** Every source file reachable from `entry` through relative imports. */
function importGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.{1,2}\/[^']+)'/g)) {
      visit(resolve(dirname(file), m[1]!.replace(/\.js$/, '.ts')));
    }
  };
  visit(resolve(entry));
  return seen;
}

describe('gstkit/ports', () => {
  it('loads no sandbox module, so a production host can import it alone', () => {
    const files = [...importGraph(join(__dirname, '../../src/ports/index.ts'))];
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((f) => f.includes('/src/sandbox/'))).toEqual([]);
  });

  it('authenticates a generated key and refuses a wrong secret', async () => {
    const key = generateApiKey('acme');
    const auth = basicAuth([key], new Map([['acme', ['29AAGCM4821K1Z6']]]));
    const ask = (secret: string) =>
      auth(new Request('http://x/', { headers: { authorization: 'Basic ' + Buffer.from(`${key.keyId}:${secret}`).toString('base64') } }));
    const ok = await ask(key.keySecret);
    expect(ok).toEqual({ ok: true, company: { id: 'acme', gstins: ['29AAGCM4821K1Z6'] }, keyId: key.keyId });
    expect((await ask(key.keySecret + 'x')).ok).toBe(false);
    expect(parseApiKeys(`${key.keyId}:${key.keySecret}:acme`)).toEqual([key]);
  });

  it('stays available from gstkit/sandbox for existing imports', () => {
    expect(sandbox.basicAuth).toBe(basicAuth);
    expect(sandbox.generateApiKey).toBe(generateApiKey);
  });
});
