/**
 * Blank text in an e-waybill request means "not given". The e-waybill portal's own sample requests send
 * `"transporterId": ""`, `"transDocNo": ""`, `"transDocDate": ""` for a Part A without those details, and
 * ERPs do the same for every optional field they leave empty (research/nic.md GENEWAYBILL; public client
 * samples). The portal reads them as absent, so gstkit leaves them out of the canonical request, as it does
 * with null. A required field sent blank is then reported as missing, which the portal also refuses.
 * @module
 */

import type { Kind } from '../kinds.js';
import { isPlainObject } from './same-value.js';

/** The kinds whose blank fields are absent ones: the e-waybill portal's requests. */
const BLANK_MEANS_ABSENT: readonly Kind[] = ['ewb', 'cancel-ewb'];

function dropBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropBlanks);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (typeof v === 'string' && v.trim() === '') continue;
    Object.defineProperty(out, key, { value: dropBlanks(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Whether blank text in this kind means an absent field. */
export function blankMeansAbsent(kind: Kind): boolean {
  return BLANK_MEANS_ABSENT.includes(kind);
}

/** An e-waybill request without its blank fields; other kinds come back unchanged. Never changes its input. */
export function dropBlankEwbFields(kind: Kind, payload: unknown): unknown {
  return BLANK_MEANS_ABSENT.includes(kind) ? dropBlanks(payload) : payload;
}
