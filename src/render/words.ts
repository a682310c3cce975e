/**
 * Amounts in words in the Indian system (thousand, lakh, crore), as printed on tax invoices.
 * @module
 */
import { dec, type Numeric } from '../compute/decimal.js';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] as string;
  const t = TENS[Math.floor(n / 10)] as string;
  return n % 10 === 0 ? t : `${t} ${ONES[n % 10] as string}`;
}

function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  const parts: string[] = [];
  if (h > 0) parts.push(`${ONES[h] as string} Hundred`);
  if (r > 0) parts.push(belowHundred(r));
  return parts.join(' ');
}

/** A whole number in words (Indian system); beyond 99 crore the crore count is itself spelt out. */
export function integerInWords(digits: string): string {
  const clean = digits.replace(/^0+/, '');
  if (clean === '') return 'Zero';
  const parts: string[] = [];
  if (clean.length > 7) {
    parts.push(`${integerInWords(clean.slice(0, -7))} Crore`);
  }
  const low = Number(clean.slice(-7));
  const lakh = Math.floor(low / 100000);
  const thousand = Math.floor((low % 100000) / 1000);
  const rest = low % 1000;
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * A rupee amount in words: `123456.5` gives
 * `Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Fifty Paise Only`.
 * Rounded half-up to paise; a negative amount is prefixed with `Minus`.
 */
export function amountInWords(value: Numeric): string {
  const fixed = dec(value).toFixed(2);
  const negative = fixed.startsWith('-') && /[1-9]/.test(fixed);
  const [whole = '0', paise = '00'] = fixed.replace('-', '').split('.');
  const p = Number(paise);
  let words = `Rupees ${integerInWords(whole)}`;
  if (p > 0) words += ` and ${belowHundred(p)} Paise`;
  return `${negative ? 'Minus ' : ''}${words} Only`;
}
