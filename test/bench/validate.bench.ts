/**
 * validate('irn', ...) next to a bare Ajv validation of the same canonical payload with the same compiled
 * schema. The full call adds the tolerant reader, error translation and the business rules.
 */
import { bench, describe } from 'vitest';
import { validate } from '../../src/schema/validate.js';
import { validatorFor } from '../../src/schema/registry.js';
import { invoiceWithItems } from '../support/examples.js';

for (const items of [10, 1000]) {
  const invoice = invoiceWithItems(items);
  const bare = validatorFor('irn');
  describe(`irn, ${items} items`, () => {
    bench('bare Ajv (same schema)', () => {
      bare(invoice);
    });
    bench('gstkit schema only (normalize + Ajv + translate)', () => {
      validate('irn', invoice, { today: '22/11/2026', rules: false });
    });
    bench('gstkit full (normalize + Ajv + rules)', () => {
      validate('irn', invoice, { today: '22/11/2026' });
    });
  });
}
