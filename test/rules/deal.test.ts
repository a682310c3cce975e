import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dealRules } from '../../src/rules/deal.js';
import { ruleTable } from './ewaybill-fixtures.js';

describe('dealRules', () => {
  ruleTable(
    dealRules,
    () => ({
      contactName: 'Asha Rao',
      businessName: 'Rao Textiles',
      email: 'asha@example.com',
      mobile: '9876543210',
      requirements: 'E-invoicing for 3 GSTINs',
      turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
    }),
    {
      'DEAL-MOBILE-PREFIX': { fail: (d) => (d.mobile = '0123456789'), pass: (d) => (d.mobile = '6000000000'), path: '/mobile' },
      'DEAL-NAME-BLANK': { fail: (d) => (d.businessName = '   '), path: '/businessName' },
      'DEAL-TOKEN-BLANK': { fail: (d) => (d.turnstileToken = ' \t '), path: '/turnstileToken' },
    },
    it,
    expect,
    fc,
  );

  it('the mobile prefix check is a warning', () => {
    expect(dealRules.find((r) => r.id === 'DEAL-MOBILE-PREFIX')!.severity).toBe('warning');
  });
});
