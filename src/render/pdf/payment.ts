/**
 * The e-invoice's payment block from `PayDtls`: payee, bank account and IFSC or branch, mode, terms and
 * what is due. A buyer pays from these, so they print when the payload has them.
 * @module
 */
import { formatIndian } from '../format.js';
import { addDays } from '../../compute/dates.js';
import { obj, str, type Json } from './data.js';

/** Printable lines of `PayDtls`, empty when the payload has none. `docDate` (DD/MM/YYYY) dates the credit period. */
export function paymentLines(invoice: Json, docDate: string): string[] {
  const pay = obj(invoice['PayDtls']);
  if (!pay) return [];
  const lines: string[] = [];
  const text = (label: string, key: string): void => {
    if (str(pay[key])) lines.push(`${label}: ${str(pay[key])}`);
  };
  text('Payee', 'Nm');
  text('Account No.', 'AccDet');
  text('IFSC / Branch', 'FinInsBr');
  text('Mode', 'Mode');
  text('Terms', 'PayTerm');
  text('Instruction', 'PayInstr');
  text('Credit Transfer', 'CrTrn');
  text('Direct Debit', 'DirDr');
  const days = Number(str(pay['CrDay']));
  if (str(pay['CrDay']) && Number.isFinite(days)) {
    const due = Number.isInteger(days) && days >= 0 ? addDays(docDate, days) : undefined;
    lines.push(`Credit Period: ${str(pay['CrDay'])} days${due ? `, due by ${due}` : ''}`);
  }
  if (str(pay['PaidAmt'])) lines.push(`Paid: ${formatIndian(pay['PaidAmt'] as number)}`);
  if (str(pay['PaymtDue'])) lines.push(`Amount Due: ${formatIndian(pay['PaymtDue'] as number)}`);
  return lines;
}
