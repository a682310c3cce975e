/**
 * ITC rules a reviewer expects to see on a reconciled row: the section 16(4) time limit, Rule 37's 180-day
 * payment condition, reverse charge, and blocked credits under section 17(5). Flags are information only:
 * they never change a row's status, pairing or IMS suggestion.
 * @module
 */
import { dayNumber, toDate } from './normalize.js';
import type { ItcFlag, PurchaseRow, ReconcileRow } from './types.js';

/** Register columns read here, compared with case, spaces and underscores removed (`payment_date` = `paymentDate`). */
const PAYMENT_COLUMNS = ['paymentdate', 'paiddate', 'dateofpayment', 'paidon'];
const REVERSE_CHARGE_COLUMNS = ['reversecharge', 'rcm'];
const BLOCKED_FLAG_COLUMNS = ['itcblocked', 'blocked'];
const BLOCKED_CATEGORY_COLUMNS = ['blockedcategory', 'itcblockedcategory'];

/** Days within which the supplier must be paid (second proviso to section 16(2), Rule 37). */
export const PAYMENT_DAYS = 180;

/** The clauses of section 17(5), for a category written as `17(5)(b)`, `(b)` or `b`. */
const BLOCKED_CLAUSES: Record<string, string> = {
  a: 'motor vehicles for carrying persons (up to 13 seats, driver included), save the uses the clause allows',
  aa: 'vessels and aircraft, save the uses the clause allows',
  ab: 'general insurance, servicing, repair and maintenance of the vehicles, vessels and aircraft of (a) and (aa)',
  b: 'food and beverages, outdoor catering, beauty treatment, health services, cosmetic and plastic surgery, renting of vehicles, life and health insurance, club and fitness memberships, travel benefits to employees on vacation',
  c: 'works contract services for building immovable property (other than plant and machinery)',
  d: 'goods or services for building immovable property on own account',
  e: 'goods or services on which tax was paid under composition (section 10)',
  f: 'goods or services received by a non-resident taxable person (save imported goods)',
  fa: 'goods or services used for corporate social responsibility (Companies Act s.135)',
  g: 'goods or services for personal consumption',
  h: 'goods lost, stolen, destroyed, written off, or given as gifts or free samples',
  i: 'tax paid under sections 74, 129 or 130',
};

const YES = new Set(['y', 'yes', 'true', '1']);
const NO = new Set(['', 'n', 'no', 'false', '0']);

type Field = 'payment' | 'reverseCharge' | 'blocked' | 'blockedCategory';
const FIELD_OF = new Map<string, Field>();
for (const c of PAYMENT_COLUMNS) FIELD_OF.set(c, 'payment');
for (const c of REVERSE_CHARGE_COLUMNS) FIELD_OF.set(c, 'reverseCharge');
for (const c of BLOCKED_FLAG_COLUMNS) FIELD_OF.set(c, 'blocked');
for (const c of BLOCKED_CATEGORY_COLUMNS) FIELD_OF.set(c, 'blockedCategory');
// Column names repeat on every row: each is normalized once.
const fieldCache = new Map<string, Field | null>();
function fieldOf(column: string): Field | null {
  let f = fieldCache.get(column);
  if (f === undefined) {
    f = FIELD_OF.get(column.toLowerCase().replace(/[^a-z0-9]/g, '')) ?? null;
    if (fieldCache.size < 10_000) fieldCache.set(column, f);
  }
  return f;
}

/** The register's values for the columns read here; a field is absent when the register has no such column. */
function registerFields(purchase: PurchaseRow | undefined): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  if (!purchase?.extra) return out;
  for (const k in purchase.extra) {
    const f = fieldOf(k);
    // Of two spellings of one column, the first with a value counts.
    if (f && !out[f]) out[f] = String(purchase.extra[k] ?? '').trim();
  }
  return out;
}

const fmt = (day: number): string => {
  const d = new Date(day * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

/**
 * The last day ITC on an invoice or debit note of this date can be taken under section 16(4): 30 November
 * after the end of its financial year; for financial years 2017-18 to 2020-21, 30 November 2021 (section
 * 16(5)). The annual return, when filed earlier, ends it sooner.
 */
export function claimDeadline(documentDate: Date): Date {
  const y = documentDate.getUTCFullYear();
  const fyStart = documentDate.getUTCMonth() >= 3 ? y : y - 1;
  return new Date(Date.UTC(fyStart <= 2020 ? 2021 : fyStart + 1, 10, 30));
}

/** The day flags are computed for: the `asOf` option read as a date, today (UTC) without one, undefined when unreadable. */
export function asOfDay(asOf: Date | string | undefined, now: Date = new Date()): number | undefined {
  if (asOf === undefined) return Math.floor(now.getTime() / 86_400_000);
  const d = toDate(asOf);
  return d ? dayNumber(d) : undefined;
}

/**
 * The ITC flags of one row. `today` is the claim day (days since the epoch); without it the time-bound
 * checks (section 16(4), an unpaid invoice under Rule 37) are skipped.
 */
export function itcFlags(row: ReconcileRow, today: number | undefined): ItcFlag[] {
  const flags: ItcFlag[] = [];
  const purchase = row.purchase;
  const fields = registerFields(purchase);
  const date = (purchase ? toDate(purchase.docDate) : undefined) ?? row.gstr2b?.date;
  const docDay = date ? dayNumber(date) : undefined;
  // Section 16(4) and Rule 37 speak of invoices and debit notes: not credit notes, not bills of entry.
  const claimable = row.docType === 'INV' || row.docType === 'DBN';

  if (claimable && date && today !== undefined) {
    const deadline = claimDeadline(date);
    if (today > dayNumber(deadline)) {
      flags.push({
        code: 'ITC-16-4',
        reference: 'CGST Act s.16(4)',
        message: `time limit passed: ITC on a document dated ${fmt(docDay!)} could be taken up to ${fmt(dayNumber(deadline))} (or the annual return, if filed earlier); the claim day is ${fmt(today)}`,
      });
    }
  }

  const reverse = reverseCharge(row, fields.reverseCharge);
  if (reverse) flags.push(reverse);

  // Rule 37 leaves out supplies taxed under reverse charge.
  const paid = fields.payment;
  if (claimable && !reverse && paid !== undefined && docDay !== undefined) {
    const limit = docDay + PAYMENT_DAYS;
    const reference = 'CGST Act s.16(2) second proviso; CGST Rules r.37';
    if (paid === '') {
      if (today !== undefined && today > limit) {
        flags.push({
          code: 'ITC-R37-UNPAID',
          reference,
          message: `not paid within ${PAYMENT_DAYS} days of the document date ${fmt(docDay)} (by ${fmt(limit)}): the ITC taken is to be reversed with interest, and can be taken again once paid`,
        });
      }
    } else {
      const paidDate = toDate(paid);
      if (!paidDate) {
        flags.push({
          code: 'ITC-R37-DATE',
          reference,
          message: `the payment date ${JSON.stringify(paid)} is not a DD/MM/YYYY date, so the ${PAYMENT_DAYS}-day payment condition was not checked`,
        });
      } else if (dayNumber(paidDate) > limit) {
        flags.push({
          code: 'ITC-R37-PAID-LATE',
          reference,
          message: `paid on ${fmt(dayNumber(paidDate))}, after ${PAYMENT_DAYS} days from the document date ${fmt(docDay)} (by ${fmt(limit)}): ITC taken before payment was to be reversed with interest, and is taken again from the payment`,
        });
      }
    }
  }

  const blocked = blockedCredit(fields.blocked, fields.blockedCategory);
  if (blocked) flags.push(blocked);
  return flags;
}

/** Reverse charge as the books (a `reverse_charge` column) or GSTR-2B (`rev`) say, with any disagreement. */
function reverseCharge(row: ReconcileRow, column: string | undefined): ItcFlag | undefined {
  const booksValue = column?.toLowerCase();
  const books = booksValue === undefined ? undefined : YES.has(booksValue) ? true : NO.has(booksValue) ? false : undefined;
  const portal = row.gstr2b?.reverseCharge === undefined ? undefined : row.gstr2b.reverseCharge === 'Y';
  if (!books && !portal) return undefined;
  const source =
    books && portal
      ? 'the books and GSTR-2B'
      : books
        ? `the books${portal === false ? ' (GSTR-2B says not: check with the supplier)' : ''}`
        : `GSTR-2B${books === false ? ' (the books say not: check the booking)' : ''}`;
  return {
    code: 'ITC-RCM',
    reference: 'CGST Act s.9(3), s.9(4); IGST Act s.5(3), s.5(4)',
    message: `reverse charge, per ${source}: the recipient pays the tax in cash (GSTR-3B 3.1(d)) and takes the credit only after paying it (4(A)(3))`,
  };
}

/** A blocked credit where the register says so: an `itc_blocked` Y, or a `blocked_category` naming the category. */
function blockedCredit(blockedColumn: string | undefined, categoryColumn: string | undefined): ItcFlag | undefined {
  const category = categoryColumn ?? '';
  const marked = (blockedColumn ?? '').toLowerCase();
  const categoryGiven = !NO.has(category.toLowerCase());
  if (!YES.has(marked) && !categoryGiven) return undefined;
  const clause = categoryGiven ? clauseOf(category) : undefined;
  const what = clause ? BLOCKED_CLAUSES[clause] : undefined;
  return {
    code: 'ITC-17-5',
    reference: clause ? `CGST Act s.17(5)(${clause})` : 'CGST Act s.17(5)',
    message: `blocked credit${categoryGiven ? ` (${category}${what ? `: ${what}` : ''})` : ''}, as the register says: no ITC on it, though the document is reconciled as usual`,
  };
}

/** The clause letter in `17(5)(b)`, `(b)` or `b`, when it is one of the section's clauses. */
function clauseOf(category: string): string | undefined {
  const m = /^(?:(?:s(?:ection|ec)?\.?\s*)?17\s*\(5\)\s*)?\(?([a-z]{1,2})\)?$/i.exec(category.trim());
  const c = m?.[1]?.toLowerCase();
  return c && c in BLOCKED_CLAUSES ? c : undefined;
}

/** Puts each row's flags on it (only rows that have some). Statuses, pairs and suggestions are untouched. */
export function flagRows(rows: readonly ReconcileRow[], asOf: Date | string | undefined): void {
  const today = asOfDay(asOf);
  for (const row of rows) {
    const flags = itcFlags(row, today);
    if (flags.length > 0) row.flags = flags;
  }
}
