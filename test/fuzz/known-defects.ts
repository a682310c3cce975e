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
    id: 'connect-closed-silently',
    what: 'the CONNECT method closes the connection without an answer (no connect listener on the server)',
    matches: (f) => f.method === 'RAW' && f.note.startsWith('"CONNECT') && f.problem === 'closed without an answer',
    reproduce: stillFailsRaw({ kind: 'line', bytes: Buffer.from('CONNECT /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), answers: 1, hangUp: false, note: 'reproducer' }),
  },
];

export function matchingDefect(found: Found): KnownDefect | undefined {
  return knownDefects.find((d) => d.matches(found));
}
