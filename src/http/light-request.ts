/**
 * The node:http binding's way into gstkit's own handler without undici's `Request`, `Headers` and
 * `Response` (together about a tenth of the handler's own CPU on generateirn, with the garbage they leave).
 * The handler reads a request through {@link RequestLike}, which a web `Request` and a {@link LightRequest}
 * both are; a `LightRequest` builds the real `Request` only when something needs one (a host's own
 * authenticate hook, a route reading `ctx.request`, the onError hook). Replies built with `ctx.reply` on this
 * path carry no body stream: the binding writes the JSON text they were built from (see json-body.ts).
 * @module
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestExtras } from './types.js';

/** What the handler reads of a request's headers. */
export interface HeaderReader {
  get(name: string): string | null;
  has(name: string): boolean;
}

/** What the handler reads of a request: a web `Request` is one. */
export interface RequestLike {
  readonly url: string;
  readonly method: string;
  readonly headers: HeaderReader;
  readonly body: ReadableStream<Uint8Array> | null;
}

/** Node's parsed headers read as a `Headers` would read them (names in any case, repeated values joined). */
class NodeHeaders implements HeaderReader {
  constructor(
    private readonly raw: IncomingHttpHeaders,
    /** Left out: the body's length once the binding has read the body itself. */
    private readonly without: string | undefined,
  ) {}

  get(name: string): string | null {
    const key = name.toLowerCase();
    if (key === this.without) return null;
    const v = this.raw[key];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(', ') : v;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }
}

/** A request as node:http parsed it, with its body (if any) already read into `extras.bodyBytes`. */
export class LightRequest implements RequestLike {
  readonly url: string;
  readonly headers: NodeHeaders;
  readonly body = null;
  private built: Request | undefined;

  constructor(
    readonly parsedUrl: URL,
    readonly method: string,
    private readonly raw: IncomingHttpHeaders,
    bodyRead: boolean,
  ) {
    this.url = parsedUrl.href;
    this.headers = new NodeHeaders(raw, bodyRead ? 'content-length' : undefined);
  }

  /** The web `Request` with the same URL, method and headers (no body: the handler reads `extras.bodyBytes`). */
  toRequest(): Request {
    if (this.built) return this.built;
    const headers = new Headers();
    for (const [k, v] of Object.entries(this.raw)) {
      if (v === undefined || (k === 'content-length' && this.headers.get(k) === null)) continue;
      if (Array.isArray(v)) for (const one of v) headers.append(k, one);
      else headers.set(k, v);
    }
    this.built = new Request(this.url, { method: this.method, headers });
    return this.built;
  }
}

/** A web `Request` for code that needs one: the request itself, or the one a `LightRequest` builds. */
export function realRequest(request: RequestLike): Request {
  return request instanceof LightRequest ? request.toRequest() : (request as Request);
}

/** The handler's entry for a `LightRequest`; its replies may have no body stream (read them with `knownJson`). */
export type LightEntry = (request: LightRequest, extras: RequestExtras) => Promise<Response>;

// Kept beside the handler rather than on it, so the handler's public shape stays the fetch-style function.
const entries = new WeakMap<object, LightEntry>();

/** Records `handler`'s light entry (gstkit's own handler has one). */
export function setLightEntry(handler: object, entry: LightEntry): void {
  entries.set(handler, entry);
}

/** `handler`'s light entry, when it has one. */
export function lightEntryOf(handler: object): LightEntry | undefined {
  return entries.get(handler);
}
