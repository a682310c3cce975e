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

export type CaptchaVerdict = { ok: true } | { ok: false; kind: 'rejected' | 'unavailable' | 'misconfigured'; codes: string[] };

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

/** How an accepted inquiry reaches the CRM: the carrier and the host's hooks around it. */
export interface InquiryDelivery {
  /** Carries inquiries to the CRM; absent means MISSING_CONFIG. */
  forwarder?: InquiryForwarder;
  /**
   * Called with every inquiry that passed the captcha, before it is forwarded: the host's chance to
   * store it, so that none is lost whatever happens to the CRM.
   */
  onInquiry?: (inquiry: Inquiry) => void | Promise<void>;
  /** Called when forwarding failed after all retries. */
  onForwardFailed?: (inquiry: Inquiry, reason: Error) => void | Promise<void>;
}
