/**
 * Extending the e-way bills a host marks as still moving, each inside the portal's window: from eight hours
 * before its validity ends to eight hours after. A bill outside the window is left for a later run (the
 * portal would refuse it with 382), one extended answers its new validity, and one the portal or the
 * request's own checks refuse answers their codes; one bill's refusal never stops the others.
 * @module
 */
import { parseIst } from '../compute/dates.js';
import type { Issue } from '../issue.js';
import type { EwbProvider } from '../ports/ewaybill.js';
import type { JobOutput } from '../ports/jobs.js';
import { validate } from '../validate.js';
import { scheduleCodes } from './schedule/codes.js';

/** Hours before and after the end of validity in which the portal extends an e-way bill. */
export const EXTENSION_WINDOW_HOURS = 8;
const WINDOW_MS = EXTENSION_WINDOW_HOURS * 3_600_000;

/** What happened to one bill. */
export type BillExtension =
  | { ewbNo: string; status: 'extended'; validUpto: string; updatedDate: string }
  | { ewbNo: string; status: 'not-yet'; validUpto: string; windowOpensAt: string }
  | { ewbNo: string; status: 'window-passed'; validUpto: string }
  | { ewbNo: string; status: 'refused'; errors: Issue[] };

export interface ExtensionDeps {
  ewb: EwbProvider | undefined;
  companyId: string;
  now: Date;
  progress: (percent: number, counts?: { done: number; total: number }) => void;
}

/**
 * When the bill's validity ends, read from the portal's answer (`validUpto`, DD/MM/YYYY hh:mm:ss in IST). The
 * time names the validity's last minute (23:59 for a day's end), so it ends a minute later.
 */
function validityEnd(record: Record<string, unknown>): { text: string; end: Date } | undefined {
  const text = record['validUpto'] ?? record['ValidUpto'];
  const last = parseIst(text);
  return typeof text === 'string' && last ? { text, end: new Date(last.getTime() + 60_000) } : undefined;
}

async function extendOne(ewb: EwbProvider, deps: ExtensionDeps, gstin: string, bill: Record<string, unknown>): Promise<BillExtension> {
  const ewbNo = String(bill['ewbNo'] ?? '');
  const ctx = { company: { id: deps.companyId, gstins: [gstin] } };
  const checked = validate('extend-validity', bill);
  if (!checked.ok) return { ewbNo, status: 'refused', errors: checked.errors };
  const got = await ewb.get(ctx, gstin, ewbNo);
  if (!got.ok) return { ewbNo, status: 'refused', errors: got.errors };
  const validity = validityEnd(got.value);
  if (!validity)
    return {
      ewbNo,
      status: 'refused',
      errors: [{ code: scheduleCodes.badParams, message: `e-way bill ${ewbNo} has no validity to extend yet (no Part-B)`, path: '/ewbNo', severity: 'error' }],
    };
  const now = deps.now.getTime();
  if (now < validity.end.getTime() - WINDOW_MS)
    return { ewbNo, status: 'not-yet', validUpto: validity.text, windowOpensAt: new Date(validity.end.getTime() - WINDOW_MS).toISOString() };
  if (now > validity.end.getTime() + WINDOW_MS) return { ewbNo, status: 'window-passed', validUpto: validity.text };
  if (!ewb.extendValidity)
    return {
      ewbNo,
      status: 'refused',
      errors: [{ code: scheduleCodes.noEwbProvider, message: 'the e-way bill provider cannot extend validity', path: '', severity: 'error' }],
    };
  const extended = await ewb.extendValidity(ctx, gstin, checked.value);
  return extended.ok
    ? { ewbNo, status: 'extended', validUpto: extended.value.validUpto, updatedDate: extended.value.updatedDate }
    : { ewbNo, status: 'refused', errors: extended.errors };
}

/** `ewaybill/extend` `{gstin, bills}`: each bill extended inside its window; the result lists every bill's outcome. */
export async function extendMovingBills(params: { gstin: string; bills: Record<string, unknown>[] }, deps: ExtensionDeps): Promise<JobOutput> {
  const { ewb } = deps;
  if (!ewb) return { ok: false, error: { code: scheduleCodes.noEwbProvider, message: 'this server has no e-way bill provider to extend bills through' } };
  const bills: BillExtension[] = [];
  for (const bill of params.bills) {
    bills.push(await extendOne(ewb, deps, params.gstin, bill));
    deps.progress((100 * bills.length) / params.bills.length, { done: bills.length, total: params.bills.length });
  }
  return { ok: true, result: { gstin: params.gstin, bills, extended: bills.filter((b) => b.status === 'extended').length } };
}
