import { bench, describe } from 'vitest';
import { checkAmounts, completeInvoice, type IrnDraft } from '../../src/compute/index.js';
import { einvoiceRules } from '../../src/rules/einvoice/index.js';
import { rawIntra } from '../rules/einvoice-fixtures.js';

/** A fresh context per document, as validate() makes one per run (rules share computations through it). */
const context = () => ({ today: '20/06/2024', reportingWindowDays: 30, shared: new Map<string, unknown>() });

/** The test invoice with `n` lines (copies of its three lines). */
function invoiceOf(n: number): IrnDraft {
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
      const run = context();
      for (const rule of einvoiceRules) rule.check(done, run);
    });
    bench('complete + check + rules', () => {
      const doc = completeInvoice(raw, { roundOff: 'rupee' });
      checkAmounts(doc);
      const run = context();
      for (const rule of einvoiceRules) rule.check(doc, run);
    });
  });
}
