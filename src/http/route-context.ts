/**
 * What a route's code receives, as a class: the web `Request` is built only when a route reads
 * `ctx.request`. (An object literal with that getter is a dictionary-mode object, built slowly on every call.)
 * @module
 */
import { realRequest, type RequestLike } from './light-request.js';
import type { Company } from '../ports/index.js';
import type { Clock } from '../clock.js';
import type { FlagName } from './query.js';
import type { EnabledOptions, RequestExtras, RouteContext } from './types.js';

export class RouteCall implements RouteContext {
  constructor(
    private readonly source: RequestLike,
    readonly reply: RouteContext['reply'],
    readonly url: URL,
    readonly extras: RequestExtras,
    readonly company: Company,
    readonly keyId: string,
    readonly flags: Partial<Record<FlagName, string>>,
    readonly params: Record<string, string>,
    readonly body: Record<string, unknown>,
    readonly options: EnabledOptions,
    readonly clock: Clock,
  ) {}

  get request(): Request {
    return realRequest(this.source);
  }
}
