/**
 * The GST portal's error codes that gstkit meets, each with what the user should do about it, and how
 * the connector treats it (re-connect, refresh, wait, no data). The portal's own text is kept after
 * ours when it says more; it is scrubbed of every secret of the call first (see answer.ts).
 * @module
 */

/** How the connector reacts to a code. */
export type CodeKind =
  /** The session is gone: the taxpayer has to connect the GSTIN again by OTP. */
  | 'reconnect'
  /** The token may be revived by REFRESHTOKEN; if that fails, reconnect. */
  | 'refresh'
  /** The portal is still preparing the answer (a large file): ask again later. */
  | 'queued'
  /** There is nothing for the period or section: an empty answer, not a failure. */
  | 'no-data'
  /** A passing failure of the portal: worth another attempt. */
  | 'transient'
  /** A refusal to report as it is. */
  | 'refusal';

interface KnownCode {
  kind: CodeKind;
  message: string;
}

const known: Record<string, KnownCode> = {
  AUTH4033: {
    kind: 'refresh',
    message: 'the GST portal no longer accepts this session; gstkit tried to refresh it; if this persists, connect the GSTIN again with a new OTP',
  },
  AUTH4034: {
    kind: 'refusal',
    message: "the OTP is wrong or has lapsed: check the OTP on the taxpayer's registered phone or e-mail and enter it again, or request a new one",
  },
  AUTH4038: { kind: 'refresh', message: 'the GST portal session has expired: connect the GSTIN again (request an OTP, then enter it)' },
  AUTH403: {
    kind: 'refusal',
    message: 'too many sessions are open for this GST portal user through the GSP: close the other sessions or wait for them to lapse, then connect again',
  },
  AUTH_9002: { kind: 'refusal', message: 'the GST portal user name is wrong for this GSTIN: use the user name the taxpayer signs in with on the GST portal' },
  TEC4002: {
    kind: 'refusal',
    message:
      'the GST portal could not decrypt the app key: the configured GSTN public key is wrong or outdated (GSTN_PUBLIC_KEY_FILE); install the current certificate from the GSP',
  },
  RETOTPREQUEST: { kind: 'reconnect', message: 'the GST portal asks for an OTP: connect the GSTIN again' },
  EVCREQUEST: { kind: 'refusal', message: 'the GST portal asks for an EVC OTP: request one for the authorised signatory and file again with it' },
  RET11402: {
    kind: 'reconnect',
    message:
      'the GST portal refused the API authorisation: the taxpayer must enable API access on the GST portal (My Profile, Manage API Access) and connect again',
  },
  RET2B1010: {
    kind: 'reconnect',
    message: 'the GST portal refused the API authorisation: the taxpayer must enable API access on the GST portal and connect again',
  },
  RTN_24: { kind: 'queued', message: 'the GST portal is still preparing this data as a file: pull again in a few minutes' },
  RET11416: { kind: 'no-data', message: 'the GST portal has no data for this section and period' },
  RET11417: { kind: 'no-data', message: 'the GST portal has no data for this section and period' },
  RET13508: { kind: 'no-data', message: 'the GST portal found no document for this section and period' },
  RET13509: { kind: 'no-data', message: 'the GST portal found no document for this section and period' },
  RET13510: { kind: 'no-data', message: 'the GST portal found no document for this section and period' },
  RET2B1016: { kind: 'no-data', message: 'GSTR-2B for this period has no documents' },
  RET2B1023: {
    kind: 'refusal',
    message: 'GSTR-2B for this period has not been generated yet (it is generated on the 14th of the next month): pull again after that',
  },
  RET2B1018: { kind: 'refusal', message: 'GSTR-2B for this period cannot be had before its cut-off date: pull again after the 14th of the next month' },
  'GTR2B-001': {
    kind: 'refusal',
    message: "GSTR-2B does not exist for this period for this taxpayer (a quarterly filer's first two months): pull the quarter's last month",
  },
  'GTR2B-002': {
    kind: 'refusal',
    message: 'GSTR-2B has not been generated for this period: generate it on the GST portal (or wait for the 14th), then pull again',
  },
  'RT-3BAS1009': { kind: 'refusal', message: 'no GSTR-3B has been saved or filed for this period' },
  RET12501: { kind: 'transient', message: 'the GST portal had a system failure: pull again later' },
  RET12502: { kind: 'transient', message: 'the GST portal had a system failure: pull again later' },
  RET12503: { kind: 'transient', message: 'the GST portal had a system failure: pull again later' },
  RET12504: { kind: 'transient', message: 'the GST portal had a system failure: pull again later' },
  RET191106: { kind: 'refusal', message: 'the GST portal rejected the structure of the JSON sent: correct the data and save again' },
  IMSSAV0054: { kind: 'refusal', message: 'an IMS credit note acted on needs its ITC-reduction declaration (itcRedReq): declare it and save again' },
  IMS2005: { kind: 'refusal', message: 'GSTR-2B regeneration is not needed: no IMS action has changed since it was generated' },
};

/** How to treat a portal code (unknown codes are refusals). */
export function codeKind(code: string): CodeKind {
  return known[code]?.kind ?? 'refusal';
}

/** The user-actionable message of a code, with the portal's text appended when it adds something. */
export function codeMessage(code: string, portalText: string | undefined): string {
  const ours = known[code]?.message;
  const theirs = portalText?.trim() ?? '';
  if (ours === undefined) return theirs !== '' ? `the GST portal refused the request: ${theirs}` : `the GST portal refused the request (${code})`;
  return theirs !== '' ? `${ours} (portal: ${theirs})` : ours;
}
