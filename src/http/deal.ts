/**
 * The sales inquiry (`POST /api/deal`): validation, captcha, the host's hook, then the CRM.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { readablePath } from '../issue.js';
import { validate } from '../schema/validate.js';
import type { Inquiry } from '../ports/index.js';
import { istDateTime, systemClock } from '../sandbox/time.js';
import { readJson } from './body.js';
import { dealFailure, json } from './responses.js';
import type { GstHandlerOptions, RequestExtras } from './types.js';
import { str } from '../sandbox/values.js';


/** Handles one sales inquiry. */
export async function handleDeal(request: Request, extras: RequestExtras, options: GstHandlerOptions, limit: number): Promise<Response> {
  const body = await readJson(request, limit, extras.hasParsedBody ? { body: extras.parsedBody } : undefined);
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
  const verdict = await deal.captcha.verify({
    token: str(v['turnstileToken']),
    idempotencyKey: inquiryId,
    ...(extras.remoteAddress ? { remoteIp: extras.remoteAddress } : {}),
  });
  if (!verdict.ok) {
    if (verdict.kind === 'misconfigured') {
      return dealFailure(500, 'MISSING_CONFIG', 'the captcha secret was refused by the verifier', 'Check TURNSTILE_SECRET on the server.');
    }
    if (verdict.kind === 'unavailable') {
      return dealFailure(500, 'BACKEND_ERROR', 'the captcha could not be verified just now', 'Try again in a minute.');
    }
    return dealFailure(500, 'CAPTCHA_FAILED', `captcha verification failed (${verdict.codes.join(', ') || 'rejected'})`, 'Reload the page, complete the captcha again and resubmit.');
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
    if (deal.onForwardFailed) {
      await deal.onForwardFailed(inquiry, reason);
    }
    return dealFailure(
      500,
      'BACKEND_ERROR',
      `the inquiry was received but could not be passed on (${reason.message})`,
      deal.onInquiry || deal.onForwardFailed
        ? `Nothing to do: the inquiry is kept under reference ${inquiryId} and will be followed up.`
        : 'Please try again later.',
    );
  }
  return json(200, { success: true, message: deal.successMessage ?? 'Thank you. Our team will contact you shortly.' });
}
