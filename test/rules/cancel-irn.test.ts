import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cancelIrnRules } from '../../src/rules/cancel-irn.js';
import { ruleTable } from './ewaybill-fixtures.js';

const base = (): Record<string, unknown> => ({
  Irn: 'a5c12dca80e743321740b001fd70953e8738d109865d28ba4013750f2046f229',
  CnlRsn: '2',
  CnlRem: 'Wrong buyer entered',
});

describe('cancelIrnRules', () => {
  ruleTable(
    cancelIrnRules,
    base,
    {
      'CANIRN-IRN': { fail: (d) => (d.Irn = 'g'.repeat(64)), path: '/Irn' },
      'CANIRN-REASON': { fail: (d) => (d.CnlRsn = '5'), pass: (d) => (d.CnlRsn = 4), path: '/CnlRsn' },
      'CANIRN-REMARK': { fail: (d) => (d.CnlRem = 'x'.repeat(101)), pass: (d) => (d.CnlRem = 'x'.repeat(100)), path: '/CnlRem' },
    },
    it,
    expect,
    fc,
  );
});
