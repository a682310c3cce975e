/**
 * Defects the fuzzing finds that are known and being fixed. An answer failing in one of these ways is
 * counted, not failed, and the counts are printed per property; each entry's reproducer must still
 * fail, so a fixed defect makes `npm run fuzz` fail until its entry is removed. Nothing is skipped
 * silently. The list is meant to be empty.
 */
import { judge, type makeClient } from './client.js';
import { judgeRaw, sendRaw, type RawCase } from './raw.js';
import type { Sample } from './generators.js';
import type { FuzzServer } from './server.js';

type Client = ReturnType<typeof makeClient>;
export interface Found {
  method: string;
  path: string;
  note: string;
  /** The body sent, as text (JSON escapes kept). */
  body: string;
  problem: string;
}

export interface KnownDefect {
  id: string;
  what: string;
  matches(found: Found): boolean;
  /** True while the defect still shows. */
  reproduce(target: FuzzServer, client: Client): Promise<boolean>;
}

/** A reproducer that sends one request and reports whether its answer still fails the judgement. */
function stillFails(sample: (target: FuzzServer) => Sample) {
  return async (target: FuzzServer, client: Client): Promise<boolean> => {
    const s = sample(target);
    const reply = await client.send(s).catch(() => undefined);
    return reply === undefined || judge(s, reply) !== undefined;
  };
}

function stillFailsRaw(c: RawCase) {
  return async (target: FuzzServer): Promise<boolean> => judgeRaw(c, await sendRaw(target.port, c)) !== undefined;
}

const is5xx = (f: Found) => /^5\d\d /.test(f.problem);
const pathPart = (p: string) => p.split('?')[0]!;
function badEscape(text: string): boolean {
  try {
    decodeURIComponent(text);
    return false;
  } catch {
    return true;
  }
}
const post = (path: string, body: unknown, target: FuzzServer, extra: Record<string, string> = {}): Sample => ({
  method: 'POST',
  path,
  headers: { authorization: target.auth, 'content-type': 'application/json', 'svc-company': target.company, ...extra },
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  note: 'reproducer',
});

export const knownDefects: KnownDefect[] = [
  {
    id: 'bad-percent-escape-500',
    what: 'a malformed percent-escape in a path segment is answered 500 SVC-950 (URIError); issue 19, being fixed under limits',
    matches: (f) => is5xx(f) && badEscape(pathPart(f.path)),
    reproduce: stillFails(() => ({ method: 'GET', path: '/api/svc/robot/jobstatus/%E0%A4%A', headers: {}, note: 'reproducer' })),
  },
  {
    id: 'trace-500',
    what: 'the TRACE method is answered 500 SVC-950 (fetch refuses to build the Request); issue 19, being fixed under limits',
    matches: (f) => (f.method === 'TRACE' || (f.method === 'RAW' && f.note.startsWith('"TRACE '))) && is5xx(f),
    reproduce: stillFails(() => ({ method: 'TRACE', path: '/openapi.json', headers: {}, note: 'reproducer' })),
  },
  {
    id: 'objects-in-gstins-500',
    what: 'an object with its own valueOf in gstins of a GSTR export is answered 500 (the deep-equal of uniqueItems throws); issue 19, being fixed under limits',
    matches: (f) => is5xx(f) && /\/gstr\w+\/export/.test(f.path) && /"gstins":\[[^\]]*[{[]/.test(f.body),
    reproduce: stillFails((t) => post('/api/svc/gstr2a/export', { gstins: [{ valueOf: 1 }, { valueOf: 1 }], startReturnPeriod: '2026-04', endReturnPeriod: '2026-05' }, t)),
  },
  {
    id: 'malformed-host-500',
    what: 'a Host header the URL parser refuses is answered 500, or not at all; issue 19, being fixed under limits',
    matches: (f) => f.method === 'RAW' && f.path === 'host' && (/^5\d\d /.test(f.problem) || f.problem === 'closed without an answer'),
    reproduce: stillFailsRaw({ kind: 'host', bytes: Buffer.from('GET /openapi.json HTTP/1.1\r\nHost: x:99999\r\nConnection: close\r\n\r\n'), answers: 1, hangUp: false, note: 'reproducer' }),
  },
  {
    id: 'unbounded-answers',
    what: 'long values are echoed whole and every issue of a large document is listed, so a small request gets an answer of megabytes; issue 19, being fixed under limits (bounded echo, capped issues)',
    matches: (f) => / answer of \d+ bytes/.test(f.problem) || (f.method === 'validate' && / issues$/.test(f.problem)),
    reproduce: stillFails((t) => post('/api/svc/einvoice/cancelirn?gstin=29AAGCK4821M1Z4', { Irn: 'e65a37ea3227ba55a5b4571e4c29a2630a34bec54da318c150ba87f56102383d', CnlRsn: 'A'.repeat(200_000), CnlRem: 'wrong' }, t)),
  },
  {
    id: 'slow-validation',
    what: 'validation time grows with the square of an array, so one large document stalls every other request; issue 19, being fixed under limits (count limits before per-line work)',
    matches: (f) => / after \d+ ms$/.test(f.problem) || / took \d+ ms$/.test(f.problem) || f.problem === 'no answer: socket hang up',
    // Quadratic work shows as 16 times the time for 4 times the entries; linear work as about 4.
    reproduce: async (t, client) => {
      const timed = async (count: number): Promise<number> => {
        const invoice = JSON.parse(JSON.stringify((await import('./generators.js')).exampleOf('irn')));
        invoice.ItemList = Array.from({ length: count }, () => ({}));
        const started = performance.now();
        await client.send(post('/api/svc/einvoice/generateirn', invoice, t)).catch(() => undefined);
        return performance.now() - started;
      };
      await timed(5_000); // warms the validator up
      const small = await timed(5_000);
      const large = await timed(20_000);
      return large > 8 * small;
    },
  },
  {
    id: 'connect-closed-silently',
    what: 'the CONNECT method closes the connection without an answer (no connect listener on the server)',
    matches: (f) => f.method === 'RAW' && f.note.startsWith('"CONNECT') && f.problem === 'closed without an answer',
    reproduce: stillFailsRaw({ kind: 'line', bytes: Buffer.from('CONNECT /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), answers: 1, hangUp: false, note: 'reproducer' }),
  },
  {
    id: 'lone-surrogate-500',
    what: 'text with a lone surrogate (the JSON escape \\ud800) passes validation and then fails in the store (PostgreSQL json), answered 500; issue 19, being fixed under limits',
    matches: (f) => is5xx(f) && /\\ud[89a-f][0-9a-f]{2}/i.test(f.body),
    reproduce: stillFails((t) => post('/api/deal', { contactName: 'Priya \ud800', businessName: 'Kaveri', email: 'p@k.example', mobile: '9845012345', turnstileToken: 'token' }, t)),
  },
];

export function matchingDefect(found: Found): KnownDefect | undefined {
  return knownDefects.find((d) => d.matches(found));
}
