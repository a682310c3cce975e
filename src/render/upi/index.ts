/**
 * The B2C dynamic payment QR: a UPI `upi://pay` URI carrying the GST parameters CBIC asks for
 * (supplier GSTIN, invoice number and date, invoice value, GST breakup) beside the payee's UPI ID.
 * Pass the URI to `qrImage` from `gstkit/render/qr` for the image.
 * @module
 */
import { dec, money, type Decimal } from '../../compute/decimal.js';
import { error, type Issue, type Outcome } from '../../issue.js';

/** Who is paid. */
export interface Payee {
  /** UPI ID (VPA), e.g. `shop@okicici`: the `pa` parameter. */
  upiId: string;
  /** Payee name: the `pn` parameter. */
  payeeName: string;
  /** Bank account number (9 to 18 digits); checked, not put in the URI (see below). */
  accountNumber?: string;
  /** IFSC of the account; checked, not put in the URI. */
  ifsc?: string;
  /** Merchant category code (4 digits): the `mc` parameter. */
  merchantCode?: string;
}

export interface PaymentUriOptions {
  /** Amount already paid against the invoice; the URI then asks only for the balance. */
  paidAmount?: number;
}

/** Error codes of this module. */
export const upiCodes = {
  notB2c: 'SVC-510',
  missingField: 'SVC-511',
  badUpiId: 'SVC-512',
  badPayee: 'SVC-513',
  badAmount: 'SVC-514',
  nothingPayable: 'SVC-515',
} as const;

/** @deprecated The name before the code tables were named alike; use {@link upiCodes}. */
export const UPI_CODES = upiCodes;

const UPI_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT = /^\d{9,18}$/;
const GSTIN = /^[0-9A-Z]{15}$/;
const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

type Json = Record<string, unknown>;

function obj(v: unknown): Json | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

function str(v: unknown): string | undefined {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** Half of a surrogate pair without its other half, which has no UTF-8 form to percent-encode. */
const loneSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encodes a value, leaving `@` and `:` readable as UPI apps print them; a lone surrogate becomes U+FFFD. */
function encode(value: string): string {
  return encodeURIComponent(value.replace(loneSurrogates, '\uFFFD')).replace(/%40/g, '@').replace(/%3A/g, ':');
}

function amount(d: Decimal): string {
  return money(d).toFixed(2);
}

/**
 * Builds the `upi://pay` URI for a B2C invoice (the canonical IRN payload, `TranDtls.SupTyp` B2C).
 *
 * Parameters, in this order: `pa`, `pn`, `mc` (when given), `tr` and `tn` (the invoice number), `am`
 * (TotInvVal less `paidAmount`: the balance, as Circular 156/12/2021 asks), `cu=INR`, `gstIn`,
 * `invoiceNo`, `invoiceDate` (ISO 8601, midnight India time), `invoiceName` (the buyer's legal name,
 * when present) and `gstBrkUp` (`GST:total|CGST:x|SGST:y`, or `|IGST:z`, with `|CESS:c` when there is
 * cess; `|` encoded as `%7C`). With a UPI ID present the account number and IFSC need not be in the
 * code (Circular 156/12/2021); they are only checked for form.
 */
export function paymentUri(invoice: unknown, payee: Payee, options: PaymentUriOptions = {}): Outcome<string> {
  const errors: Issue[] = [];
  const inv = obj(invoice);
  if (inv === undefined) return { ok: false, errors: [error(upiCodes.missingField, 'Invoice must be an object')] };
  const tran = obj(inv['TranDtls']);
  const doc = obj(inv['DocDtls']);
  const seller = obj(inv['SellerDtls']);
  const buyer = obj(inv['BuyerDtls']);
  const val = obj(inv['ValDtls']);
  if (str(tran?.['SupTyp'])?.toUpperCase() !== 'B2C') {
    errors.push(error(upiCodes.notB2c, 'A payment QR is for B2C invoices: TranDtls.SupTyp must be B2C', '/TranDtls/SupTyp'));
  }
  const gstin = str(seller?.['Gstin'])?.toUpperCase();
  if (gstin === undefined || !GSTIN.test(gstin)) {
    errors.push(error(upiCodes.missingField, 'Seller GSTIN (SellerDtls.Gstin) is missing or not 15 characters', '/SellerDtls/Gstin'));
  }
  const docNo = str(doc?.['No']);
  if (docNo === undefined) errors.push(error(upiCodes.missingField, 'Invoice number (DocDtls.No) is missing', '/DocDtls/No'));
  const docDate = str(doc?.['Dt']);
  const dm = docDate === undefined ? null : DATE.exec(docDate);
  if (dm === null) errors.push(error(upiCodes.missingField, 'Invoice date (DocDtls.Dt) must be DD/MM/YYYY', '/DocDtls/Dt'));
  const totalRaw = val?.['TotInvVal'];
  const total = dec(totalRaw as number);
  if (totalRaw === undefined || total.lte(0)) {
    errors.push(error(upiCodes.badAmount, 'Total invoice value (ValDtls.TotInvVal) must be more than zero', '/ValDtls/TotInvVal'));
  }
  const upiId = typeof payee?.upiId === 'string' ? payee.upiId.trim() : '';
  if (!UPI_ID.test(upiId)) {
    errors.push(error(upiCodes.badUpiId, `"${upiId}" is not a UPI ID (name@handle)`, '/upiId'));
  }
  const payeeName = typeof payee?.payeeName === 'string' ? payee.payeeName.trim() : '';
  if (payeeName === '' || payeeName.length > 99) {
    errors.push(error(upiCodes.badPayee, 'Payee name is required (at most 99 characters)', '/payeeName'));
  }
  if (payee?.ifsc !== undefined && !IFSC.test(payee.ifsc.toUpperCase())) {
    errors.push(error(upiCodes.badPayee, `"${payee.ifsc}" is not an IFSC (4 letters, 0, 6 letters or digits)`, '/ifsc'));
  }
  if (payee?.accountNumber !== undefined && !ACCOUNT.test(payee.accountNumber)) {
    errors.push(error(upiCodes.badPayee, 'Account number must be 9 to 18 digits', '/accountNumber'));
  }
  if (payee?.merchantCode !== undefined && !/^\d{4}$/.test(payee.merchantCode)) {
    errors.push(error(upiCodes.badPayee, 'Merchant category code must be 4 digits', '/merchantCode'));
  }
  const paid = options.paidAmount ?? 0;
  if (typeof paid !== 'number' || !Number.isFinite(paid) || paid < 0) {
    errors.push(error(upiCodes.badAmount, 'Paid amount must be a number of zero or more', '/paidAmount'));
  }
  if (errors.length > 0) return { ok: false, errors };

  const balance = money(total.minus(dec(paid)));
  if (balance.lte(0)) {
    return {
      ok: false,
      errors: [error(upiCodes.nothingPayable, `Nothing is left to pay: paid ${amount(dec(paid))} of ${amount(total)}`, '/paidAmount')],
    };
  }
  const cgst = dec(val?.['CgstVal'] as number);
  const sgst = dec(val?.['SgstVal'] as number);
  const igst = dec(val?.['IgstVal'] as number);
  const cess = dec(val?.['CesVal'] as number).plus(dec(val?.['StCesVal'] as number));
  const gst = cgst.plus(sgst).plus(igst).plus(cess);
  const breakup = [`GST:${amount(gst)}`];
  if (!igst.isZero() || (cgst.isZero() && sgst.isZero())) {
    if (!cgst.isZero() || !sgst.isZero()) breakup.push(`CGST:${amount(cgst)}`, `SGST:${amount(sgst)}`);
    breakup.push(`IGST:${amount(igst)}`);
  } else {
    breakup.push(`CGST:${amount(cgst)}`, `SGST:${amount(sgst)}`);
  }
  if (!cess.isZero()) breakup.push(`CESS:${amount(cess)}`);

  const [, dd, mm, yyyy] = dm as RegExpExecArray;
  const params: Array<[string, string]> = [
    ['pa', upiId],
    ['pn', payeeName],
  ];
  if (payee.merchantCode !== undefined) params.push(['mc', payee.merchantCode]);
  params.push(
    ['tr', docNo as string],
    ['tn', `Invoice ${docNo as string}`],
    ['am', amount(balance)],
    ['cu', 'INR'],
    ['gstIn', gstin as string],
    ['invoiceNo', docNo as string],
    ['invoiceDate', `${yyyy}-${mm}-${dd}T00:00:00+05:30`],
  );
  const buyerName = str(buyer?.['LglNm']);
  if (buyerName !== undefined) params.push(['invoiceName', buyerName]);
  params.push(['gstBrkUp', breakup.join('|')]);
  return { ok: true, value: 'upi://pay?' + params.map(([k, v]) => `${k}=${encode(v)}`).join('&') };
}
