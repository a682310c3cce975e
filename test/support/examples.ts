import { readFileSync } from 'node:fs';
import type { Kind } from '../../src/kinds.js';
import { completeInvoice } from '../../src/compute/index.js';

/** A fresh copy of the bundled example of a kind (docs/examples/<kind>.json). */
export function example<T = any>(kind: Kind | string): T {
  return JSON.parse(readFileSync(new URL(`../../docs/examples/${kind}.json`, import.meta.url), 'utf8')) as T;
}

/**
 * A valid invoice with `count` items, built from the bundled example by repeating its lines with new serial
 * numbers; the invoice totals are computed again for the new lines (rounded to the rupee, as the example is).
 */
export function invoiceWithItems(count: number): any {
  const invoice = example('irn');
  const lines = invoice.ItemList as any[];
  invoice.ItemList = Array.from({ length: count }, (_, i) => ({ ...lines[i % lines.length], SlNo: String(i + 1) }));
  for (const total of ['AssVal', 'CgstVal', 'SgstVal', 'IgstVal', 'CesVal', 'StCesVal', 'RndOffAmt', 'TotInvVal']) delete invoice.ValDtls[total];
  return completeInvoice(invoice, { roundOff: 'rupee' });
}
