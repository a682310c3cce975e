import { bench, describe } from 'vitest';
import { checkAmounts, completeInvoice, type IrnPayload } from '../../src/compute/index.js';
import { einvoiceRules } from '../../src/rules/einvoice.js';
import { rawIntra } from '../rules/einvoice-fixtures.js';

const context = { today: '20/06/2024', reportingWindowDays: 30 };

/** The test invoice with `n` lines (copies of its three lines). */
function invoiceOf(n: number): IrnPayload {
  const doc = rawIntra();
  const base = doc.ItemList!;
  doc.ItemList = Array.from({ length: n }, (_, i) => ({ ...base[i % base.length]!, SlNo: String(i + 1) }));
  return doc;
}

for (const n of [10, 1000]) {
  const raw = invoiceOf(n);
  const done = completeInvoice(raw, { roundOff: 'rupee' });
  describe(`${n} items`, () => {
    bench('completeInvoice', () => {
      completeInvoice(raw, { roundOff: 'rupee' });
    });
    bench('checkAmounts', () => {
      checkAmounts(done);
    });
    bench('all e-invoice rules', () => {
      for (const rule of einvoiceRules) rule.check(done, context);
    });
    bench('complete + check + rules', () => {
      const doc = completeInvoice(raw, { roundOff: 'rupee' });
      checkAmounts(doc);
      for (const rule of einvoiceRules) rule.check(doc, context);
    });
  });
}
