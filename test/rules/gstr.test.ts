import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gstr3bExportRules, gstrExportRules, gstrPullRules } from '../../src/rules/gstr.js';
import { context, ruleTable, SUPPLIER, TN_PARTY, withWrongCheckChar } from './ewaybill-fixtures.js';

const single = (prefix: string) => ({
  [`${prefix}-GSTIN`]: { fail: (d: any) => (d.gstin = withWrongCheckChar(SUPPLIER)), path: '/gstin' },
  [`${prefix}-PERIOD`]: { fail: (d: any) => (d.returnPeriod = '2024-13'), path: '/returnPeriod' },
  [`${prefix}-PERIOD-BEFORE-GST`]: { fail: (d: any) => (d.returnPeriod = '2017-06'), pass: (d: any) => (d.returnPeriod = '2017-07'), path: '/returnPeriod' },
  [`${prefix}-PERIOD-FUTURE`]: { fail: (d: any) => (d.returnPeriod = '2024-07'), pass: (d: any) => (d.returnPeriod = '2024-06'), path: '/returnPeriod' },
});

describe('gstrPullRules', () => {
  ruleTable(gstrPullRules, () => ({ gstin: SUPPLIER, returnPeriod: '2024-05' }), single('GSTR-PULL'), it, expect, fc);
});

describe('gstr3bExportRules', () => {
  ruleTable(gstr3bExportRules, () => ({ gstin: SUPPLIER, returnPeriod: '2024-05' }), single('GSTR3B-EXPORT'), it, expect, fc);
});

describe('gstrExportRules', () => {
  const base = () => ({ gstins: [SUPPLIER, TN_PARTY], startReturnPeriod: '2023-04', endReturnPeriod: '2024-03', reportType: 100 });
  ruleTable(
    gstrExportRules,
    base,
    {
      'GSTR-EXPORT-GSTINS': { fail: (d) => (d.gstins = [SUPPLIER, 'URP']), path: '/gstins/1' },
      'GSTR-EXPORT-PERIOD': { fail: (d) => (d.endReturnPeriod = '03-2024'), path: '/endReturnPeriod' },
      'GSTR-EXPORT-PERIOD-BEFORE-GST': { fail: (d) => (d.startReturnPeriod = '2017-01'), path: '/startReturnPeriod' },
      'GSTR-EXPORT-PERIOD-FUTURE': { fail: (d) => (d.endReturnPeriod = '2025-01'), path: '/endReturnPeriod' },
      'GSTR-EXPORT-ORDER': { fail: (d) => (d.startReturnPeriod = '2024-04'), path: '/startReturnPeriod' },
      'GSTR-EXPORT-RANGE': {
        fail: (d) => (d.startReturnPeriod = '2022-03'),
        pass: (d) => (d.startReturnPeriod = '2022-04'),
        path: '/endReturnPeriod',
      },
      'GSTR-EXPORT-REPORT-TYPE': { fail: (d) => (d.reportType = 102), pass: (d) => (d.reportType = '101'), path: '/reportType' },
    },
    it,
    expect,
    fc,
  );

  it('an empty GSTIN list is refused with 1000', () => {
    const issues = gstrExportRules.flatMap((r) => r.check({ ...base(), gstins: [] }, context));
    expect(issues.map((i) => i.code)).toEqual(['1000']);
  });

  it('24 months inclusive is the limit: longer ranges give 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2017 * 12 + 6, max: 2024 * 12 + 5 }), fc.integer({ min: 1, max: 60 }), (start, len) => {
        const end = start + len - 1;
        if (end > 2024 * 12 + 5) return;
        const p = (m: number) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
        const issues = gstrExportRules.flatMap((r) => r.check({ ...base(), startReturnPeriod: p(start), endReturnPeriod: p(end) }, context));
        expect(issues.map((i) => i.code)).toEqual(len > 24 ? ['100'] : []);
      }),
    );
  });
});
