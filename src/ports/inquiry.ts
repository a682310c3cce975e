/**
 * The sales inquiry ports: the captcha check and the carrier to the CRM.
 * @module
 */

export interface CaptchaInput {
  token: string;
  remoteIp?: string;
  /** Same key on a retry of the same token. */
  idempotencyKey: string;
}

export type CaptchaVerdict =
  | { ok: true }
  | { ok: false; kind: 'rejected' | 'unavailable' | 'misconfigured'; codes: string[] };

/** Checks a captcha token with its issuer. */
export interface CaptchaVerifier {
  verify(input: CaptchaInput): Promise<CaptchaVerdict>;
}

/** A sales inquiry that passed validation and the captcha. */
export interface Inquiry {
  inquiryId: string;
  receivedAt: string;
  contactName: string;
  businessName: string;
  email: string;
  mobile: string;
  requirements?: string;
}

/** Carries inquiries to the CRM; rejects (throws) when the CRM did not take it. */
export interface InquiryForwarder {
  forward(inquiry: Inquiry): Promise<void>;
}
