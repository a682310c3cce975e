/**
 * validate('irn', ...) on the valid benchmark invoice next to its floor, a fresh Ajv with default options on
 * the same schema, and to gstkit's own compiled schema alone. The full call adds the tolerant reader, error
 * translation and the business rules. CPU-time medians of alternating runs: test/bench/validate-floor.ts.
 */
import { bench, describe } from 'vitest';
import { validate } from '../../src/validate.js';
import { validatorFor } from '../../src/schema/registry.js';
import { invoiceWithItems } from '../support/examples.js';
import { freshAjvValidator } from './fresh-ajv.js';

for (const items of [10, 1000]) {
  const invoice = invoiceWithItems(items);
  const bare = validatorFor('irn', 'json'); // the instance validate() uses for a JSON-like payload
  const fresh = freshAjvValidator('irn');
  describe(`irn, ${items} items`, () => {
    bench('floor: fresh Ajv, default options (same schema)', () => {
      fresh(invoice);
    });
    bench("gstkit's compiled schema alone", () => {
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
