/**
 * The sandbox GST portal's connections: a GSTIN is connected by an OTP request and the fixed sandbox OTP
 * ({@link SANDBOX_GST_OTP}), as the live portal connects one by the OTP on the taxpayer's phone. A wrong
 * OTP is refused with the portal's `AUTH4034`; a session lapses after six hours, like GSTN's token.
 * @module
 */
import { error, type Outcome } from '../../issue.js';
import { gstrCodes, type GstPortalConnection } from '../../ports/gst-portal.js';

/** The OTP the sandbox accepts, for connecting a GSTIN and for the EVC of a GSTR-1 filing. */
export const SANDBOX_GST_OTP = '575757';

/** How long a sandbox session lasts (GSTN's token: six hours). */
const SESSION_MS = 6 * 3_600_000;
/** How long an OTP request waits for its OTP. */
const OTP_REQUEST_MS = 15 * 60_000;

const GSTIN = /^[0-9]{2}[0-9A-Z]{13}$/;
/** The code of the GST portal connector for an OTP given with no OTP request waiting. */
const NO_OTP_REQUEST = 'SVC-984';

const refused = <T>(code: string, message: string, path = ''): Outcome<T> => ({ ok: false, errors: [error(code, message, path)] });

export class SandboxGstSessions {
  /** GSTIN to the end of its session, epoch ms; `Infinity` for the GSTINs connected from the start. */
  private readonly connected = new Map<string, number>();
  /** GSTIN to the end of its OTP request's wait. */
  private readonly otpRequests = new Map<string, number>();

  constructor(
    initial: Iterable<string>,
    private readonly now: () => number,
  ) {
    for (const gstin of initial) this.connected.set(gstin, Number.POSITIVE_INFINITY);
  }

  isConnected(gstin: string): boolean {
    const until = this.connected.get(gstin);
    return until !== undefined && until > this.now();
  }

  /** The GSTINs connected now (a job thread's copy of the portal starts with them). */
  list(): string[] {
    return [...this.connected.keys()].filter((g) => this.isConnected(g));
  }

  /** Connects at once, without an OTP (tests and demos set the sandbox up this way). */
  connectNow(gstin: string): void {
    this.connected.set(gstin, Number.POSITIVE_INFINITY);
  }

  connection(gstin: string): GstPortalConnection {
    if (!this.isConnected(gstin)) return { gstin, connected: false };
    const until = this.connected.get(gstin)!;
    return Number.isFinite(until) ? { gstin, connected: true, tokenExpiresAt: until } : { gstin, connected: true };
  }

  requestOtp(gstin: string, username: string): Outcome<{ gstin: string; otpSent: true }> {
    if (typeof gstin !== 'string' || !GSTIN.test(gstin))
      return refused(gstrCodes.badRequest, 'GSTIN should be 15 characters (2 digits, then capital letters and digits)', '/gstin');
    if (typeof username !== 'string' || username.trim() === '')
      return refused(gstrCodes.badRequest, "the taxpayer's GST portal user name is required", '/username');
    this.otpRequests.set(gstin, this.now() + OTP_REQUEST_MS);
    return { ok: true, value: { gstin, otpSent: true } };
  }

  connect(gstin: string, otp: string): Outcome<GstPortalConnection> {
    if (typeof gstin !== 'string' || !GSTIN.test(gstin))
      return refused(gstrCodes.badRequest, 'GSTIN should be 15 characters (2 digits, then capital letters and digits)', '/gstin');
    const waiting = this.otpRequests.get(gstin);
    if (waiting === undefined || waiting <= this.now())
      return refused(NO_OTP_REQUEST, 'no OTP request is waiting for this GSTIN (none was made, or it lapsed): request the OTP again', '/otp');
    if (otp !== SANDBOX_GST_OTP)
      return refused('AUTH4034', `the OTP is wrong or has lapsed: enter it again, or request a new one (the sandbox's OTP is ${SANDBOX_GST_OTP})`, '/otp');
    this.otpRequests.delete(gstin);
    this.connected.set(gstin, this.now() + SESSION_MS);
    return { ok: true, value: this.connection(gstin) };
  }

  disconnect(gstin: string): GstPortalConnection {
    this.connected.delete(gstin);
    return { gstin, connected: false };
  }
}
