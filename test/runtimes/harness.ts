/**
 * A small `describe`/`it`/`expect` that runs the same test files on Node, Deno, Bun, Chromium and workerd
 * (scripts/test-runtimes.ts bundles them per runtime). It uses only what every one of those runtimes has
 * (no `node:` module, no vitest), and `same` records a digest of a value so that the runner can check that
 * every runtime computed the very same bytes as Node.
 * @module
 */

type Body = () => void | Promise<void>;

interface Registered {
  file: string;
  name: string;
  body: Body;
}

/** One test's outcome, as the runner reads it. */
export interface TestResult {
  file: string;
  name: string;
  ok: boolean;
  error?: string;
  ms: number;
}

/** A value's digest under a label, compared across runtimes by the runner. */
export interface Digest {
  file: string;
  label: string;
  digest: string;
}

export interface RuntimeReport {
  runtime: string;
  results: TestResult[];
  digests: Digest[];
}

const registered: Registered[] = [];
const digests: Digest[] = [];
const titles: string[] = [];
let currentFile = '(unnamed)';

/** Names the file whose tests register next; the generated entry calls it before each file's import. */
export function enterFile(file: string): void {
  currentFile = file;
}

export function describe(title: string, body: () => void): void {
  titles.push(title);
  try {
    body();
  } finally {
    titles.pop();
  }
}

export function it(name: string, body: Body): void {
  registered.push({ file: currentFile, name: [...titles, name].join(' > '), body });
}

/** FNV-1a (32 bits) over bytes, as 8 hex digits: enough to tell two runtimes' outputs apart. */
function fnv1a(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const b of bytes) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Records a digest of `value` (bytes, text or JSON) to be compared with the same label on every runtime. */
export function same(label: string, value: Uint8Array | string | unknown): void {
  const bytes = value instanceof Uint8Array ? value : new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
  digests.push({ file: currentFile, label, digest: `${fnv1a(bytes)}:${bytes.length}` });
}

class AssertionError extends Error {}

const show = (v: unknown): string => {
  if (typeof v === 'string') return JSON.stringify(v.length > 200 ? `${v.slice(0, 200)}…` : v);
  try {
    const text = JSON.stringify(v);
    return text === undefined ? String(v) : text.length > 300 ? `${text.slice(0, 300)}…` : text;
  } catch {
    return String(v);
  }
};

/** Structural equality of JSON-like values, typed arrays and dates. */
function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    return x.length === y.length && x.every((v, i) => v === y[i]);
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export interface Expectation {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toContain(part: unknown): void;
  toMatch(pattern: RegExp): void;
  toHaveLength(n: number): void;
  toBeGreaterThan(n: number): void;
  toBeLessThanOrEqual(n: number): void;
  not: Pick<Expectation, 'toBe' | 'toEqual' | 'toContain'>;
}

export function expect(actual: unknown, note?: string): Expectation {
  const fail = (what: string): never => {
    throw new AssertionError(`${note ? `${note}: ` : ''}${what}`);
  };
  const contains = (part: unknown): boolean =>
    typeof actual === 'string' ? actual.includes(String(part)) : Array.isArray(actual) && actual.some((v) => deepEqual(v, part));
  return {
    toBe: (e) => void (Object.is(actual, e) || fail(`expected ${show(actual)} to be ${show(e)}`)),
    toEqual: (e) => void (deepEqual(actual, e) || fail(`expected ${show(actual)} to equal ${show(e)}`)),
    toContain: (p) => void (contains(p) || fail(`expected ${show(actual)} to contain ${show(p)}`)),
    toMatch: (re) => void ((typeof actual === 'string' && re.test(actual)) || fail(`expected ${show(actual)} to match ${re}`)),
    toHaveLength: (n) => {
      const length = (actual as { length?: unknown } | null)?.length;
      if (length !== n) fail(`expected length ${n}, got ${show(length)}`);
    },
    toBeGreaterThan: (n) => void ((typeof actual === 'number' && actual > n) || fail(`expected ${show(actual)} > ${n}`)),
    toBeLessThanOrEqual: (n) => void ((typeof actual === 'number' && actual <= n) || fail(`expected ${show(actual)} <= ${n}`)),
    not: {
      toBe: (e) => void (!Object.is(actual, e) || fail(`expected ${show(actual)} not to be ${show(e)}`)),
      toEqual: (e) => void (!deepEqual(actual, e) || fail(`expected ${show(actual)} not to equal ${show(e)}`)),
      toContain: (p) => void (!contains(p) || fail(`expected ${show(actual)} not to contain ${show(p)}`)),
    },
  };
}

const TEST_TIMEOUT_MS = 60_000;

/** Runs every registered test in order, each with a time limit, and returns the report. */
export async function runAll(runtime: string): Promise<RuntimeReport> {
  const results: TestResult[] = [];
  for (const test of registered) {
    const start = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        Promise.resolve().then(test.body),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`timed out after ${TEST_TIMEOUT_MS} ms`)), TEST_TIMEOUT_MS);
        }),
      ]);
      results.push({ file: test.file, name: test.name, ok: true, ms: Date.now() - start });
    } catch (e) {
      const error = e instanceof Error ? `${e.name === 'AssertionError' || e instanceof AssertionError ? '' : `${e.name}: `}${e.message}` : String(e);
      results.push({ file: test.file, name: test.name, ok: false, error, ms: Date.now() - start });
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }
  return { runtime, results, digests };
}

/** The line prefix under which a command-line runtime prints its report. */
export const REPORT_PREFIX = 'GSTKIT-RUNTIME-REPORT ';
