/**
 * Documents for the bulk tests: the bundled example invoice and e-waybill under distinct numbers, with a
 * few made invalid in ways the single routes refuse.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const example = (kind: string): Record<string, any> => JSON.parse(readFileSync(join(root, 'docs/examples', `${kind}.json`), 'utf8'));

/** `count` invoices numbered from `prefix`; those at `invalid` indexes are refused by the rules or the seller check. */
export function invoices(count: number, prefix: string, invalid: readonly number[] = []): Array<Record<string, any>> {
  const base = example('irn');
  return Array.from({ length: count }, (_, i) => {
    const doc = structuredClone(base);
    doc['DocDtls'].No = `${prefix}/${String(i).padStart(4, '0')}`;
    if (invalid.includes(i)) {
      // Alternately: a seller GSTIN the company does not have, and an IGST that is not the rate's share of the value.
      if (i % 2 === 0) doc['SellerDtls'].Gstin = '29AAACX4821Q1ZP';
      else doc['ItemList'][0].IgstAmt = Number(doc['ItemList'][0].IgstAmt ?? 0) + 1000;
    }
    return doc;
  });
}

/** `count` e-waybill requests numbered from `prefix`; those at `invalid` indexes have no document date. */
export function ewaybills(count: number, prefix: string, invalid: readonly number[] = []): Array<Record<string, any>> {
  const base = example('ewb');
  return Array.from({ length: count }, (_, i) => {
    const doc = structuredClone(base);
    doc['docNo'] = `${prefix}/${String(i).padStart(4, '0')}`;
    if (invalid.includes(i)) delete doc['docDate'];
    return doc;
  });
}
