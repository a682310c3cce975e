/**
 * The sales inquiry (`POST /api/deal`): validation, captcha, the host's hook, then the CRM.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { readablePath } from '../issue.js';
import { validate } from '../validate.js';
import type { Inquiry } from '../ports/index.js';
import type { Kind } from '../kinds.js';
import { systemClock } from '../clock.js';
import { istDateTime } from '../compute/dates.js';
import { DEFAULT_BODY_LIMIT, readJson } from './body.js';
import { dealFailure, json } from './responses.js';
import type { GstHandlerOptions, RequestExtras, RouteContext } from './types.js';
import { str } from '../compute/payload.js';
import { clientIp } from '../ratelimit/client-address.js';

/**
 * Whether a Content-Type names JSON (`application/json`, or a `+json` type), parameters aside. The
 * inquiry is unauthenticated: a `text/plain` or form body is what a cross-site page can post without a
 * preflight, so only JSON is taken.
 */
export function isJsonContentType(header: string | null): boolean {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The inquiry's OpenAPI operation: its body and answers are the specification's own shapes. */
export function dealOperation(ref: (kind: Kind) => Record<string, unknown>): Record<string, unknown> {
  return {
    operationId: 'submitDeal',
    summary: 'Submit a sales inquiry (captcha-protected, forwarded to the CRM)',
    tags: ['sales inquiry'],
    requestBody: { required: true, content: { 'application/json': { schema: ref('deal') } } },
    responses: {
      '200': { description: 'accepted', content: { 'application/json': { schema: ref('deal-success') } } },
      '400': { description: 'VALIDATION_ERROR', content: { 'application/json': { schema: ref('deal-error') } } },
      '415': { description: 'VALIDATION_ERROR: the body was not sent as application/json', content: { 'application/json': { schema: ref('deal-error') } } },
      '500': {
        description: 'CAPTCHA_FAILED, MISSING_CONFIG, BACKEND_ERROR or UNKNOWN_ERROR',
        content: { 'application/json': { schema: ref('deal-error') } },
      },
    },
  };
}

/** The route's code: the inquiry limit per client address was counted before (see the route's `addressLimit`). */
export function submitDeal(ctx: RouteContext): Promise<Response> {
  return handleDeal(ctx.request, ctx.extras, ctx.options, ctx.options.bodyLimit ?? DEFAULT_BODY_LIMIT);
}

/** Handles one sales inquiry. */
export async function handleDeal(request: Request, extras: RequestExtras, options: GstHandlerOptions, limit: number): Promise<Response> {
  const contentType = request.headers.get('content-type');
  if (!isJsonContentType(contentType)) {
    await request.body?.cancel().catch(() => undefined);
    return dealFailure(
      415,
      'VALIDATION_ERROR',
      contentType
        ? `the inquiry must be sent as application/json, not ${contentType.slice(0, 60)}`
        : 'the inquiry must be sent as application/json (no Content-Type was given)',
      'Send the inquiry as a JSON object with Content-Type: application/json.',
    );
  }
  const body = await readJson(request, limit, extras);
  if (!body.ok) return dealFailure(body.status, 'VALIDATION_ERROR', body.issue.message, 'Send the inquiry as a JSON object.');
  const checked = validate('deal', body.value);
  if (!checked.ok) {
    return dealFailure(
      400,
      'VALIDATION_ERROR',
      checked.errors.map((e) => `${readablePath(e.path)}: ${e.message}`).join('; '),
      'Correct the fields named and send the inquiry again.',
    );
  }
  const deal = options.deal ?? {};
  if (!deal.captcha || !deal.forwarder) {
    return dealFailure(
      500,
      'MISSING_CONFIG',
      'the inquiry service is not configured',
      `Set ${!deal.captcha ? 'TURNSTILE_SECRET' : 'CRM_WEBHOOK_URL'} on the server.`,
    );
  }
  const v = checked.value;
  const inquiryId = randomUUID();
  // The address the rate limit counts: the connection's, or the one trusted proxies name.
  const remoteIp = clientIp(request, extras.remoteAddress, options.clientRateLimit?.trustedProxies ?? 0);
  const verdict = await deal.captcha.verify({
    token: str(v['turnstileToken']),
    idempotencyKey: inquiryId,
    ...(remoteIp ? { remoteIp } : {}),
  });
  if (!verdict.ok) {
    if (verdict.kind === 'misconfigured') {
      return dealFailure(500, 'MISSING_CONFIG', 'the captcha secret was refused by the verifier', 'Check TURNSTILE_SECRET on the server.');
    }
    if (verdict.kind === 'unavailable') {
      return dealFailure(500, 'BACKEND_ERROR', 'the captcha could not be verified just now', 'Try again in a minute.');
    }
    return dealFailure(
      500,
      'CAPTCHA_FAILED',
      `captcha verification failed (${verdict.codes.join(', ') || 'rejected'})`,
      'Reload the page, complete the captcha again and resubmit.',
    );
  }
  const inquiry: Inquiry = {
    inquiryId,
    receivedAt: istDateTime((options.clock ?? systemClock).now()),
    contactName: str(v['contactName']),
    businessName: str(v['businessName']),
    email: str(v['email']),
    mobile: str(v['mobile']),
    ...(v['requirements'] !== undefined ? { requirements: str(v['requirements']) } : {}),
  };
  // The host keeps every inquiry that passed the captcha before the CRM is tried.
  if (deal.onInquiry) await deal.onInquiry(inquiry);
  try {
    await deal.forwarder.forward(inquiry);
  } catch (e) {
    const reason = e instanceof Error ? e : new Error(String(e));
    const kept = Boolean(deal.onInquiry || deal.onForwardFailed);
    if (deal.onForwardFailed) {
      await deal.onForwardFailed(inquiry, reason);
    }
    // The spec's code for a backend failure, with the truth: a kept inquiry is not lost, it will be passed
    // on (once: every try carries the same idempotency key), and sending it again would only repeat it.
    return dealFailure(
      500,
      'BACKEND_ERROR',
      kept
        ? `the inquiry was received and kept, but the CRM has not confirmed it yet (${reason.message}); it will be passed on automatically`
        : `the inquiry could not be passed on (${reason.message})`,
      kept ? `Nothing to do and no need to send it again: the inquiry is kept under reference ${inquiryId}.` : 'Please try again later.',
    );
  }
  return json(200, { success: true, message: deal.successMessage ?? 'Thank you. Our team will contact you shortly.' });
}
