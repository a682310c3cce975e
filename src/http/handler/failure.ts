/**
 * Every failure the handler answers itself, in one place: a coded issue in a route's style, the GSTR
 * routes' own codes for a refused body, and what a thrown error becomes.
 * @module
 */
import { error, type Issue } from '../../issue.js';
import { JobQueueFullError, JobQueueUnavailableError, StoreFullError, StoreUnavailableError } from '../../ports/index.js';
import { gstrCodes, httpCodes } from '../codes.js';
import { dealFailure, headerFailure, svcFailure } from '../responses.js';
import type { ResponseStyle } from '../types.js';

/** Fails in the given style: Success/Errors, the sales inquiry's body, or Svc-Error headers. */
export function failure(style: ResponseStyle, status: number, issues: Issue[]): Response {
  const first = issues[0] ?? error(httpCodes.internal, 'unexpected failure');
  if (style === 'svc') return svcFailure(status, issues);
  if (style === 'deal') {
    const code = status === 401 || status === 403 ? 'VALIDATION_ERROR' : status >= 500 ? 'UNKNOWN_ERROR' : 'VALIDATION_ERROR';
    return dealFailure(status, code, first.message);
  }
  return headerFailure(status, first.code, issues.map((i) => i.message).join('; '));
}

/** A body that could not be read: in the GSTR style, 413 keeps its code and anything else is the specification's 1000. */
export function unreadBody(style: ResponseStyle, status: number, issue: Issue): Response {
  if (style !== 'gstr') return failure(style, status, [issue]);
  return headerFailure(status, status === 413 ? httpCodes.bodyTooLarge : gstrCodes.badRequest, issue.message);
}

/** A body the rules refused. GSTR failures carry the specification's codes: 100 for the period range, else 1000. */
export function refusedBody(style: ResponseStyle, issues: Issue[]): Response {
  if (style !== 'gstr') return failure(style, 400, issues);
  const range = issues.find((i) => i.code === gstrCodes.periodRange);
  if (range) return headerFailure(400, gstrCodes.periodRange, range.message);
  return headerFailure(
    400,
    gstrCodes.badRequest,
    'missing or invalid field values in request: ' + issues.map((i) => `${i.path || '(body)'} ${i.message}`).join('; '),
  );
}

/** 429 for a spent rate limit, with the seconds to wait. */
export function tooManyRequests(style: ResponseStyle, message: string, retryAfterSeconds: number): Response {
  return withRetryAfter(failure(style, 429, [error(httpCodes.rateLimited, message)]), retryAfterSeconds);
}

export function withRetryAfter(response: Response, seconds: number): Response {
  response.headers.set('retry-after', String(seconds));
  return response;
}

/**
 * What a thrown error becomes; `report` tells the host (`onError`) about the ones it should hear of. A full
 * job queue is a coded 503; the database or the queue away, or the disk full, are foreseen, coded and worth
 * retrying later; anything else is a coded 500.
 */
export function thrownFailure(e: unknown, style: ResponseStyle, report: (e: unknown) => void): Response {
  if (e instanceof JobQueueFullError) return headerFailure(503, httpCodes.unavailable, e.message, { 'retry-after': '5' });
  report(e);
  if (e instanceof StoreUnavailableError || e instanceof JobQueueUnavailableError)
    return withRetryAfter(failure(style, 503, [error(httpCodes.unavailable, e.message)]), 2);
  if (e instanceof StoreFullError) return withRetryAfter(failure(style, 507, [error(httpCodes.storageFull, e.message)]), 60);
  if (style === 'deal') return dealFailure(500, 'UNKNOWN_ERROR', 'something unforeseen went wrong', 'Please try again later.');
  return failure(style, 500, [error(httpCodes.internal, 'something unforeseen went wrong; the request was not completed')]);
}
