/**
 * One request on its way through the handler's steps: what each step learnt, for the steps after it, the
 * route and the audit. A class, so every request's record has one shape from the start.
 * @module
 */
import type { Company } from '../../ports/index.js';
import type { RequestLike } from '../light-request.js';
import type { FlagName } from '../query.js';
import type { RequestExtras, Route } from '../types.js';

type Obj = Record<string, unknown>;

export class Exchange {
  /** The request's URL, parsed (by the match step). */
  url!: URL;
  /** The path below the base path (by the match step). */
  path = '';
  route: Route | undefined = undefined;
  params: Record<string, string> = {};
  company: Company = { id: '', gstins: [] };
  /** Who called: the authenticate hook's `keyId`, else the company's id; '' on routes without authentication. */
  keyId = '';
  /** True once the caller is known: from then on a call that is not a GET is audited, whatever its outcome. */
  audited = false;
  /** The GSTIN the query names, for the audit log. */
  gstin: string | undefined = undefined;
  flags: Partial<Record<FlagName, string>> = {};
  /** The canonical, validated body (routes with a request kind). */
  body: Obj = {};
  /** The body the audit log reads: the validated one, or one that was refused (it still names its document). */
  auditBody: Obj = {};

  constructor(
    readonly request: RequestLike,
    readonly extras: RequestExtras,
  ) {}
}

/** Lets go of a body no step will read. */
export async function dropBody(request: RequestLike): Promise<void> {
  await request.body?.cancel().catch(() => undefined);
}
