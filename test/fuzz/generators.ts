/**
 * fast-check generators of hostile HTTP requests: arbitrary JSON, near-valid documents with one field
 * changed, large arrays, odd Unicode, wrong content types, odd methods and percent-escapes in paths.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';

/** One request as the fuzzing client sends it. */
export interface Sample {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What the generator meant to send, for failure reports. */
  note: string;
}

/** An operation of the served OpenAPI document. */
export interface Operation {
  method: string;
  /** The path template, e.g. `/api/svc/robot/jobstatus/{jobId}`. */
  path: string;
  query: Array<{ name: string; required: boolean; values?: string[]; pattern?: string }>;
  /** The request kind of its JSON body (the schema component name), if it takes one. */
  kind?: string;
  /** Whether it takes a JSON body at all (reconcile and GSTR-1 read theirs without a schema kind). */
  takesBody: boolean;
  needsCompany: boolean;
}

/** Reads the operations from an OpenAPI 3.1 document as gstkit serves it. */
export function operationsOf(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const params: any[] = op.parameters ?? [];
      const ref: string | undefined = op.requestBody?.content?.['application/json']?.schema?.$ref;
      out.push({
        method: method.toUpperCase(),
        path,
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: Boolean(p.required), values: p.schema?.enum, pattern: p.schema?.pattern })),
        ...(ref ? { kind: ref.split('/').pop()! } : {}),
        takesBody: method === 'post',
        needsCompany: params.some((p) => p.in === 'header' && p.name === 'Svc-Company'),
      });
    }
  }
  return out;
}

const examplesDir = new URL('../../docs/examples/', import.meta.url);
const exampleCache = new Map<string, string>();

/** A fresh copy of the bundled example of a kind, or undefined when there is none. */
export function exampleOf(kind: string): any {
  if (!exampleCache.has(kind)) {
    try {
      exampleCache.set(kind, readFileSync(new URL(`${kind}.json`, examplesDir), 'utf8'));
    } catch {
      exampleCache.set(kind, '');
    }
  }
  const text = exampleCache.get(kind)!;
  return text ? JSON.parse(text) : undefined;
}

/** Bodies for the routes that read their own JSON (no schema kind). */
export const ownBodies: Record<string, () => unknown> = {
  '/api/svc/gstr2b/reconcile': () => ({
    gstin: '29AAGCK4821M1Z4',
    startReturnPeriod: '2025-11',
    purchases: [{ supplierGstin: '29AADCN7314Q1ZU', documentNumber: 'N/1', documentDate: '01/11/2025', taxableValue: 1000, igst: 180 }],
    format: 'json',
  }),
  '/api/svc/gstr1/build': () => ({ gstin: '29AAGCK4821M1Z4', returnPeriod: '2026-11' }),
  '/api/svc/gstr3b/compute': () => ({ gstin: '29AAGCK4821M1Z4', returnPeriod: '2026-11', format: 'json' }),
};

/** A valid-looking body for an operation, when one is known. */
export function seedBody(op: Operation): unknown {
  if (op.kind) return exampleOf(op.kind);
  return ownBodies[op.path]?.();
}

// ---- odd text ---------------------------------------------------------------------------------

const loneSurrogates = ['\ud800', '\udfff', '\udbff', 'a\ud83d', '\ude00b'];
const oddPieces = [
  ...loneSurrogates,
  '\u202e', // right-to-left override
  '\u200f', // right-to-left mark
  '\u200b', // zero-width space
  '\u200d', // zero-width joiner
  '\ufeff', // byte-order mark
  '\u0000',
  '\u0301\u0301\u0301', // stacked combining accents
  'ﷺ',
  '𝔊𝔖𝔗',
  '👨‍👩‍👧‍👦',
  'नमस्ते',
  'العربية',
  '\r\n',
  '%00',
  '%E0%A4%A',
  '../',
  '<script>',
  "' OR 1=1 --",
  '$' + '{7*7}', // template injection
  '\\u0000',
];

/** Strings that make naive code fail: lone surrogates, RTL and zero-width marks, NUL, very long text. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.oneof(fc.constantFrom(...oddPieces), fc.string({ maxLength: 8 })), { maxLength: 8 }).map((p) => p.join('')) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('A', 'ॐ', '\ud800', '9'), fc.constantFrom(300, 5_000, 70_000)).map(([c, n]) => c.repeat(n)) },
);

/** Now and then a string near the 5 MiB body limit. */
const hugeString: fc.Arbitrary<string> = fc.constantFrom('A', 'ॐ').map((c) => c.repeat(c === 'A' ? 1_100_000 : 600_000));

/** Numbers at the edges of what JSON and decimal code handle. */
const oddNumber = fc.oneof(
  fc.constantFrom(-0, 0.1, 1e-7, 1e21, -1e21, 1.7976931348623157e308, 5e-324, 2 ** 53 + 1, -1, 99999999999999.98, 0.005, 1.005),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Objects that try the engine's own properties. */
const trickObject = fc.constantFrom<unknown>(
  { valueOf: 1 },
  { toString: 'x' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  { length: 1e9 },
  JSON.parse('{"then":1}'), // a thenable as JSON can make one
  [],
  {},
);

/** A deeply nested array, as text (JSON.stringify would recurse). */
export function deepArrayText(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** A value put in place of a field of a near-valid document. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 80, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 60, arbitrary: oddString },
  { weight: 1, arbitrary: hugeString },
  { weight: 40, arbitrary: oddNumber },
  { weight: 40, arbitrary: trickObject },
  { weight: 20, arbitrary: fc.constantFrom<unknown>(null, true, false, '', ' ', '0', 'null', [null], [[]]) },
  { weight: 20, arbitrary: fc.array(fc.oneof(fc.jsonValue({ maxDepth: 1 }), trickObject), { minLength: 1, maxLength: 30 }) },
);

// ---- near-valid documents -----------------------------------------------------------------------

type Step = string | number;

/** Every path into a JSON value (objects, arrays and leaves, the root excluded). */
export function pathsOf(value: unknown, at: Step[] = []): Step[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...at, i], ...pathsOf(v, [...at, i])]);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [[...at, k], ...pathsOf(v, [...at, k])]);
  return [];
}

function parentOf(doc: any, path: Step[]): any {
  let node = doc;
  for (const step of path.slice(0, -1)) node = node[step];
  return node;
}

/** How one field of a document is changed. */
export type Mutation =
  | { kind: 'set'; value: unknown }
  | { kind: 'delete' }
  | { kind: 'extra'; name: string; value: unknown }
  | { kind: 'insert'; piece: string }
  | { kind: 'grow'; count: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 10, arbitrary: hostileValue.map((value) => ({ kind: 'set' as const, value })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'delete' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'hasOwnProperty')), hostileValue)
      .map(([name, value]) => ({ kind: 'extra' as const, name, value })),
  },
  { weight: 3, arbitrary: fc.constantFrom(...oddPieces).map((piece) => ({ kind: 'insert' as const, piece })) },
  {
    weight: 1,
    arbitrary: fc
      .oneof({ weight: 20, arbitrary: fc.constantFrom(2, 50, 1_001) }, { weight: 1, arbitrary: fc.constant(3_000) })
      .map((count) => ({ kind: 'grow' as const, count })),
  },
);

/**
 * Applies a mutation at the `pick`-th path of a document: a value replaced or deleted, a key added,
 * an odd piece of text put inside a string, or an array grown to `count` copies of its first entry.
 */
export function mutate(doc: any, pick: number, m: Mutation): { doc: any; where: string } {
  const paths = pathsOf(doc);
  if (paths.length === 0) return { doc: m.kind === 'set' ? m.value : doc, where: '(root)' };
  const path = paths[pick % paths.length]!;
  const parent = parentOf(doc, path);
  const key = path[path.length - 1]!;
  const where = '/' + path.join('/');
  switch (m.kind) {
    case 'set':
      parent[key] = m.value;
      break;
    case 'delete':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      break;
    case 'extra': {
      const target = parent[key] !== null && typeof parent[key] === 'object' && !Array.isArray(parent[key]) ? parent[key] : parent;
      if (!Array.isArray(target)) Object.defineProperty(target, m.name, { value: m.value, enumerable: true, configurable: true, writable: true });
      break;
    }
    case 'insert': {
      const v = parent[key];
      if (typeof v === 'string') {
        const at = Math.floor(v.length / 2);
        parent[key] = v.slice(0, at) + m.piece + v.slice(at);
      } else parent[key] = m.piece;
      break;
    }
    case 'grow': {
      const arrays = paths.filter((p) => Array.isArray(parentOf(doc, p)[p[p.length - 1]!]));
      if (arrays.length === 0) {
        parent[key] = Array.from({ length: m.count }, () => parent[key]);
        break;
      }
      const ap = arrays[pick % arrays.length]!;
      const arr = parentOf(doc, ap)[ap[ap.length - 1]!] as unknown[];
      const first = arr[0] ?? {};
      const grown = Array.from({ length: m.count }, () => first);
      parentOf(doc, ap)[ap[ap.length - 1]!] = grown;
      return { doc, where: '/' + ap.join('/') + `(x${m.count})` };
    }
  }
  return { doc, where };
}

/** A near-valid body of a kind: its example with one field changed. */
export function nearValid(seed: () => unknown): fc.Arbitrary<{ text: string; note: string }> {
  return fc.tuple(fc.nat(), mutation).map(([pick, m]) => {
    const { doc, where } = mutate(seed(), pick, m);
    return {
      text: JSON.stringify(doc) ?? 'null',
      note: `near-valid ${where} ${m.kind}${m.kind === 'set' || m.kind === 'extra' ? '=' + JSON.stringify((m as { value: unknown }).value)?.slice(0, 80) : m.kind === 'insert' ? ' ' + JSON.stringify(m.piece) : m.kind === 'grow' ? ' ' + m.count : ''}`,
    };
  });
}

// ---- whole requests -----------------------------------------------------------------------------

const oddMethods = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'HEAD', 'GET', 'POST', 'PROPFIND', 'FOO', 'M-SEARCH'];

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=latin1',
  'application/octet-stream',
  '',
  ';;;',
  'application/json; boundary="',
);

/** Percent-escapes, good and bad, for path segments. */
export const oddSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%E0%A4%A',
    '%',
    '%%',
    '%ZZ',
    '%00',
    '%2F',
    '%2e%2e',
    '..',
    '%C0%AF',
    '%ED%A0%80',
    '%FF%FE',
    '%u0041',
    'x%20y',
    '%F0%9F%98%80',
    '%E0%A4%A8%E0%A4%AE',
  ),
  fc.uuid(),
  fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom(500, 5_000, 20_000).map((n) => 'a'.repeat(n)),
);

/** The path of an operation, with its parameters filled and now and then percent-escaped oddly. */
function pathFor(op: Operation): fc.Arbitrary<string> {
  const filled = op.path.includes('{') ? oddSegment.map((seg) => op.path.replace(/\{\w+\}/g, seg)) : fc.constant(op.path);
  return fc.oneof(
    { weight: 12, arbitrary: filled },
    { weight: 1, arbitrary: filled.map((p) => p + '/') },
    {
      weight: 1,
      arbitrary: fc.tuple(filled, fc.nat()).map(([p, i]) => {
        const at = 1 + (i % (p.length - 1));
        const c = p[at]!;
        return c === '/' ? p : p.slice(0, at) + '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0') + p.slice(at + 1);
      }),
    },
    { weight: 1, arbitrary: fc.tuple(filled, oddSegment).map(([p, s]) => p + '/' + s) },
    { weight: 1, arbitrary: filled.map((p) => p.replace('/api/', '//api/').toUpperCase()) },
  );
}

const companyGstins = ['29AAGCK4821M1Z4', '33AAHCT2290K1Z6', '29AAJCB9052D1ZK'];

/** A value for a query parameter: valid, an enum member, or odd. */
function queryValue(p: Operation['query'][number]): fc.Arbitrary<string> {
  const good: string[] = [
    ...(p.values ?? []),
    ...(p.name.includes('gstin') ? companyGstins : []),
    ...(p.name === 'irn' ? ['53a3706e04e6831e65ef354c6936709438769133e3e6e724ff94722d42608d02'] : []),
    ...(p.name === 'ewbNo' ? ['351234567891'] : []),
    ...(p.name === 'docno' ? ['KCPL/26-27/0042'] : []),
    ...(p.name === 'doctype' ? ['INV', 'CRN'] : []),
    ...(p.name === 'docdate' || p.name === 'date' ? ['14/11/2026', '31/02/2026'] : []),
  ];
  return fc.oneof(
    { weight: 3, arbitrary: good.length > 0 ? fc.constantFrom(...good) : fc.string({ maxLength: 10 }) },
    { weight: 1, arbitrary: oddString },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );
}

/** A raw query string (percent-encoded by us, sometimes wrongly). */
function queryFor(op: Operation): fc.Arbitrary<string> {
  const entries = fc.tuple(
    ...op.query.map((p) => fc.option(queryValue(p), { freq: p.required ? 8 : 2 }).map((v) => (v === null ? undefined : ([p.name, v] as const)))),
    fc.option(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })), { freq: 1 }),
  );
  const encoded = entries.map((list) =>
    list
      .filter((e): e is readonly [string, string] => e !== undefined && e !== null)
      .map(([k, v]) => `${encodeQuery(k)}=${encodeQuery(v)}`)
      .join('&'),
  );
  return fc.oneof(
    { weight: 10, arbitrary: encoded },
    {
      weight: 1,
      arbitrary: fc
        .tuple(encoded, fc.constantFrom('&gstin=%E0%A4%A', '&%=%', '&&&', '&gstin=a&gstin=b', '&pdf=yes&pdf=no', '&' + 'x'.repeat(3000) + '=1'))
        .map(([q, extra]) => q + extra),
    },
  );
}

/** encodeURIComponent that does not throw on lone surrogates (it sends their UTF-8 replacement instead). */
function encodeQuery(text: string): string {
  return encodeURIComponent(text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

/** Bodies: arbitrary JSON, near-valid documents, large arrays, odd text, deep nesting, raw bytes. */
export function bodyFor(op: Operation): fc.Arbitrary<{ bytes: Buffer; note: string }> {
  const seed = () => seedBody(op);
  const text = (t: string, note: string) => ({ bytes: Buffer.from(t, 'utf8'), note });
  const kinds: Array<{ weight: number; arbitrary: fc.Arbitrary<{ bytes: Buffer; note: string }> }> = [
    { weight: 3, arbitrary: fc.json({ maxDepth: 4 }).map((t) => text(t, 'arbitrary json')) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map((v) => text(safeStringify(v), 'anything')) },
    { weight: 1, arbitrary: oddString.map((s) => text(JSON.stringify({ text: s }), 'odd text')) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => ({ bytes: Buffer.from(b), note: 'raw bytes' })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', ' ', 'null', '[]', '{', '{"a":}', '\ufeff{}', '{"a":1}{"b":2}', '1e999', '"\\ud800"').map((t) => text(t, 'edge text')),
    },
    { weight: 1, arbitrary: fc.constantFrom(100, 1_000, 20_000).map((d) => text(deepArrayText(d), `deep array ${d}`)) },
  ];
  if (seed() !== undefined) {
    kinds.push({ weight: 8, arbitrary: nearValid(seed).map(({ text: t, note }) => text(t, note)) });
    kinds.push({ weight: 1, arbitrary: fc.constant(null).map(() => text(JSON.stringify(seed()), 'the example as it is')) });
  }
  return fc.oneof(...kinds);
}

function safeStringify(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return '{}';
  }
}

/** Whole requests for one operation. */
export function requestFor(op: Operation, auth: string, company: string): fc.Arbitrary<Sample> {
  const method = fc.oneof({ weight: 12, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom(...oddMethods) });
  const authHeader = fc.oneof(
    { weight: 12, arbitrary: fc.constant(auth) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        'Basic',
        'Basic !!!',
        'Bearer x',
        'Basic ' + Buffer.from('nobody:nothing').toString('base64'),
        'Basic ' + Buffer.from(':').toString('base64'),
      ),
    },
  );
  const companyHeader = fc.oneof({ weight: 10, arbitrary: fc.constant(company) }, { weight: 1, arbitrary: fc.constantFrom('', 'other', ' demo ') });
  const ct = fc.oneof({ weight: 8, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: contentTypes });
  const body = op.takesBody ? bodyFor(op) : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: bodyFor(op) });
  return fc.record({ method, path: pathFor(op), query: queryFor(op), auth: authHeader, company: companyHeader, ct, body }).map((r) => {
    const headers: Record<string, string> = { 'content-type': r.ct };
    if (r.auth) headers['authorization'] = r.auth;
    if (r.company) headers['svc-company'] = r.company;
    // GET, HEAD and friends go without a body when fetch-like clients would refuse one; our client sends what it is given.
    return {
      method: r.method,
      path: r.path + (r.query ? '?' + r.query : ''),
      headers,
      ...(r.body && r.method !== 'HEAD' ? { body: r.body.bytes } : {}),
      note: `${r.body?.note ?? 'no body'}; ct=${JSON.stringify(r.ct)}`,
    };
  });
}
