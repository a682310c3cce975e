/**
 * The IMS action gstkit suggests for a reconciled 2B document, and why. IMS covers B2B, B2BA, credit and
 * debit notes and their amendments, and ECO documents, other than reverse charge.
 * @module
 */
import type { InwardDocument } from '../gstr/types.js';
import { IMS_FROM } from '../gstr/read-2b.js';
import { IMS_PENDING_LIMIT_FROM } from '../gstr/ims.js';
import type { ImsAction, ReconcileStatus } from './types.js';

const IMS_SECTIONS = new Set(['B2B', 'B2BA', 'CDNR', 'CDNRA', 'ECO', 'ECOA']);

export function imsSuggestion(status: ReconcileStatus, doc: InwardDocument): { suggestedImsAction: ImsAction | null; imsActionReason: string } {
  if (doc.period < IMS_FROM) return { suggestedImsAction: null, imsActionReason: `period ${doc.period} is before IMS (October 2024)` };
  if (!IMS_SECTIONS.has(doc.section) || doc.reverseCharge === 'Y' || doc.imsStatus === 'Outside IMS') {
    return { suggestedImsAction: null, imsActionReason: `${doc.section}${doc.reverseCharge === 'Y' ? ' under reverse charge' : ''} is outside IMS` };
  }
  const already = doc.imsStatus && doc.imsStatusSource === 'file' ? ` (now ${doc.imsStatus})` : doc.part === 'rejected' ? ' (now Rejected)' : '';
  const pendingLimit =
    doc.period >= IMS_PENDING_LIMIT_FROM && (doc.kind === 'Credit Note' || doc.section.endsWith('A'))
      ? `; from the October 2025 period it can stay pending for one period only (until the GSTR-3B of the next period), then it is deemed accepted`
      : '';
  switch (status) {
    case 'matched':
      return { suggestedImsAction: 'accept', imsActionReason: `the books agree with the supplier's document${already}` };
    case 'matched-with-tolerance':
      return { suggestedImsAction: 'accept', imsActionReason: `the books agree within the tolerance${already}; look at the reasons before accepting` };
    case 'mismatch':
      return {
        suggestedImsAction: 'pending',
        imsActionReason: `amounts or number differ from the books${already}: keep it pending while the supplier amends it or the books are corrected${pendingLimit}; reject if the supplier's figures are wrong and will not be amended`,
      };
    case 'missing-in-books':
      if (doc.part === 'rejected' || (doc.imsStatus === 'Rejected' && doc.imsStatusSource === 'file')) {
        return { suggestedImsAction: 'reject', imsActionReason: 'already rejected in IMS and not in the purchase register: keep it rejected' };
      }
      return {
        suggestedImsAction: 'pending',
        imsActionReason: `not in the purchase register${already}: record it and accept if the supply was received, reject if it was not${pendingLimit}`,
      };
    default:
      return { suggestedImsAction: null, imsActionReason: 'not in GSTR-2B' };
  }
}
