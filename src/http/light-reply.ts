/**
 * A JSON reply of the node binding's light path without undici's `Response` and `Headers` (their
 * construction, header validation and the object graph they leave were about 1.5% of generateirn's CPU).
 * It answers what gstkit's own code reads of a reply (status, headers, the JSON it was built from) and is
 * handed only to that code: the light entry's caller is the node binding, which writes the text (json-body.ts).
 * Anything unusual in the headers (a value a `Headers` would trim or refuse) gets a real Response instead,
 * so the bytes on the wire stay what a `Headers` would have made of them.
 * @module
 */
import type { JsonBody } from './json-body.js';

// A header value a `Headers` keeps as it is: visible ASCII and inner spaces, no white space at either end.
const PLAIN_VALUE = /^(?:[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)?$/;
const PLAIN_NAME = /^[a-z0-9-]+$/;

/** The reply's headers, read as a `Headers` reads them (names in any case, iterated in name order). */
class ReplyHeaders {
  private readonly values = new Map<string, string>();

  get(name: string): string | null {
    return this.values.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.values.has(name.toLowerCase());
  }

  set(name: string, value: string): void {
    // Only the handler's own code sets headers here, with names and values it built (see lightReply).
    this.values.set(name.toLowerCase(), String(value).trim());
  }

  delete(name: string): void {
    this.values.delete(name.toLowerCase());
  }

  forEach(fn: (value: string, name: string) => void): void {
    const names = [...this.values.keys()].sort();
    for (const name of names) fn(this.values.get(name)!, name);
  }
}

/** A reply with its JSON text and value, for the node binding to write. */
export class LightReply {
  readonly body = null;
  readonly bodyUsed = false;
  readonly headers = new ReplyHeaders();

  constructor(
    readonly status: number,
    readonly known: JsonBody,
  ) {}
}

/**
 * The reply as a `LightReply` when its headers are plain (lower-case token names, values a `Headers` keeps
 * as they are), else undefined (the caller builds a real Response).
 */
export function lightReply(status: number, known: JsonBody, headers: Record<string, string>): LightReply | undefined {
  const reply = new LightReply(status, known);
  for (const name in headers) {
    const value = headers[name]!;
    if (!PLAIN_NAME.test(name) || !PLAIN_VALUE.test(value)) return undefined;
    reply.headers.set(name, value);
  }
  return reply;
}
