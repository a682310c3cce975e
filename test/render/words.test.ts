import { describe, expect, it } from 'vitest';
import { formatIndian } from '../../src/render/format.js';
import { amountInWords } from '../../src/render/words.js';

describe('amount in words (Indian system)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees One Only'],
    [100000, 'Rupees One Lakh Only'],
    [12345678.9, 'Rupees One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight and Ninety Paise Only'],
    ['100000000000000', 'Rupees One Crore Crore Only'],
    ['250000000000000.05', 'Rupees Two Crore Fifty Lakh Crore and Five Paise Only'],
    [0.5, 'Rupees Zero and Fifty Paise Only'],
    [1011, 'Rupees One Thousand Eleven Only'],
  ])('%s', (v, words) => expect(amountInWords(v)).toBe(words));
});

describe('Indian digit grouping', () => {
  it.each([
    [0, '0.00'],
    [999, '999.00'],
    [1000, '1,000.00'],
    [1234567.891, '12,34,567.89'],
    [-1234567.5, '-12,34,567.50'],
    ['100000000000', '1,00,00,00,00,000.00'],
  ])('%s', (v, s) => expect(formatIndian(v)).toBe(s));
});
