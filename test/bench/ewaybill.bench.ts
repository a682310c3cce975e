import { bench, describe } from 'vitest';
import { ewaybillRules } from '../../src/rules/ewaybill/index.js';
import { ewbTotals } from '../../src/compute/ewaybill-totals.js';
import { ewbValidUntil } from '../../src/compute/ewaybill-validity.js';
import { context, ewbBase } from '../rules/ewaybill-fixtures.js';

const doc = ewbBase();
const large = { ...doc, itemList: Array.from({ length: 250 }, (_, i) => ({ ...(doc['itemList'] as object[])[i % 2] })) };

describe('e-waybill', () => {
  bench('all request rules, 2 items', () => {
    for (const rule of ewaybillRules) rule.check(doc, context);
  });
  bench('all request rules, 250 items', () => {
    for (const rule of ewaybillRules) rule.check(large, context);
  });
  bench('totals, 250 items', () => {
    ewbTotals(large);
  });
  bench('validity', () => {
    ewbValidUntil({ generatedAt: '16/09/2022 19:29:00', distanceKm: 2467, hasPartB: true });
  });
});
