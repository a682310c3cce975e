/**
 * The body of a route that reads its own (no schema kind): a JSON object within the body limit and the
 * nesting limit, or the header-style failure that says why not.
 * @module
 */
import { DEFAULT_BODY_LIMIT, readJson } from './body.js';
import { gstrCodes, httpCodes } from './codes.js';
import { headerFailure } from './responses.js';
import type { RouteContext } from './types.js';
import { exceededNesting } from '../schema/limits.js';

/** The request's JSON object, or the failure to answer. */
export async function readObjectBody(ctx: RouteContext): Promise<Record<string, unknown> | Response> {
  const read = await readJson(ctx.request, ctx.options.bodyLimit ?? DEFAULT_BODY_LIMIT, ctx.extras);
  if (!read.ok) return headerFailure(read.status, read.status === 413 ? httpCodes.bodyTooLarge : gstrCodes.badRequest, read.issue.message);
  if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value))
    return headerFailure(400, gstrCodes.badRequest, 'the body must be a JSON object');
  const refused = exceededNesting(read.value);
  if (refused) return headerFailure(400, gstrCodes.badRequest, `${refused.code} ${refused.path || '(body)'}: ${refused.message}`);
  return read.value as Record<string, unknown>;
}
