/**
 * `gstkit/connectors/inquiry`: the real carriers of the sales inquiry (`POST /api/deal`): Cloudflare
 * Turnstile's siteverify as the captcha check, and a webhook forwarder to the CRM.
 * @module
 */
export { turnstileVerifier, TURNSTILE_VERIFY_URL, type TurnstileOptions } from './turnstile.js';
export { webhookForwarder, ForwardError, type WebhookForwarderOptions } from './crm-webhook.js';
