/**
 * IMS (Invoice Management System) facts carried by IMS-era GSTR-2B documents: the recipient's action,
 * the ITC reduction declared on credit notes, and the one-period limit on keeping a document pending.
 * @module
 */
import { pointer } from '../issue.js';
import { readCodes, type Json, type ReadContext } from './read-common.js';
import type { ImsStatus, InwardDocument, ItcReduction, Period } from './types.js';

/**
 * First GSTR-2B period in which "Pending" is allowed for one tax period only (GSTN advisories of
 * September-October 2025, advisory 624): credit notes, credit-note amendments that raise the note,
 * amendments of invoices, debit notes and e-commerce documents that lower the value.
 */
export const IMS_PENDING_LIMIT_FROM = '2025-10';

const ACTIONS: Record<string, ImsStatus> = {
  A: 'Accepted',
  ACCEPTED: 'Accepted',
  ACCEPT: 'Accepted',
  R: 'Rejected',
  REJECTED: 'Rejected',
  REJECT: 'Rejected',
  P: 'Pending',
  PENDING: 'Pending',
  N: 'Deemed accepted',
  'NO ACTION': 'Deemed accepted',
  NOACTION: 'Deemed accepted',
  DEEMED: 'Deemed accepted',
};

/**
 * The IMS action a 2B document states, if any. GSTN spells the key `imsStatus` in 2B (IMS itself uses
 * `action`); an unknown value warns and is left out rather than refusing the file.
 */
export function imsActionOf(ctx: ReadContext, d: Json, dp: string): ImsStatus | undefined {
  const key = ['imsStatus', 'imsAction', 'action'].find((k) => d[k] !== undefined && d[k] !== null && d[k] !== '');
  if (key === undefined) return undefined;
  const raw = ctx.text(d, key);
  const status = raw === undefined ? undefined : ACTIONS[raw.toUpperCase().replace(/[_-]/g, ' ').trim()];
  if (status === undefined) ctx.warn(readCodes.unknown, `${key} ${JSON.stringify(d[key])} is not an IMS action this reader knows`, dp + pointer(key));
  return status;
}

/** The ITC reduction declared on a credit note (`itcRedReq`, `declIgst`...`declCess`), if the file carries one. */
export function itcReductionOf(ctx: ReadContext, d: Json, dp: string): ItcReduction | undefined {
  const keys = ['itcRedReq', 'declIgst', 'declCgst', 'declSgst', 'declCess'];
  if (!keys.some((k) => d[k] !== undefined && d[k] !== null)) return undefined;
  const out: ItcReduction = {
    igst: ctx.amount(d, 'declIgst', dp),
    cgst: ctx.amount(d, 'declCgst', dp),
    sgst: ctx.amount(d, 'declSgst', dp),
    cess: ctx.amount(d, 'declCess', dp),
  };
  const req = ctx.text(d, 'itcRedReq');
  if (req !== undefined) out.required = req;
  return out;
}

/** The period after `period` (`2025-12` → `2026-01`). */
export function nextPeriod(period: Period): Period {
  let y = Number(period.slice(0, 4));
  let m = Number(period.slice(5, 7)) + 1;
  if (m > 12) {
    m = 1;
    y++;
  }
  return `${y}-${String(m).padStart(2, '0')}`;
}

/**
 * Whether the one-period limit on Pending applies to a document of a 2B period, and until when.
 * Credit notes are always bound; amendments only when they lower the recipient's ITC, which the 2B row
 * alone does not say (the original's amounts are elsewhere), hence `if-itc-lowered`.
 */
export function imsPendingLimit(doc: InwardDocument, period: Period): { until: Period; when: 'always' | 'if-itc-lowered' } | undefined {
  if (period < IMS_PENDING_LIMIT_FROM) return undefined;
  if (doc.imsStatus === 'Rejected' || doc.imsStatus === 'Outside IMS' || (doc.imsStatus === 'Accepted' && doc.imsStatusSource === 'file')) return undefined;
  const until = nextPeriod(period);
  if (doc.section === 'CDNR' && doc.kind === 'Credit Note') return { until, when: 'always' };
  if (doc.section === 'B2BA' || doc.section === 'ECOA' || doc.section === 'CDNRA') return { until, when: 'if-itc-lowered' };
  return undefined;
}
