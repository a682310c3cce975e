import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cancelEwbRules, closeEwbRules } from '../../src/rules/ewaybill/cancel-close.js';
import { ruleTable } from './ewaybill-fixtures.js';

describe('cancelEwbRules', () => {
  ruleTable(
    cancelEwbRules,
    () => ({ ewbNo: '391009149369', cancelRsnCode: '1', cancelRmrk: 'Generated twice' }),
    {
      'CANEWB-NUMERIC': { fail: (d) => (d.ewbNo = '39100914936A'), pass: (d) => (d.ewbNo = 391009149369), path: '/ewbNo' },
      'CANEWB-NUMBER': { fail: (d) => (d.ewbNo = '3910091493'), path: '/ewbNo' },
      'CANEWB-REASON': { fail: (d) => (d.cancelRsnCode = '0'), pass: (d) => (d.cancelRsnCode = 4), path: '/cancelRsnCode' },
      'CANEWB-REMARK': { fail: (d) => (d.cancelRmrk = '   '), pass: (d) => (d.cancelRmrk = 'y'.repeat(100)), path: '/cancelRmrk' },
    },
    it,
    expect,
    fc,
  );
});

describe('closeEwbRules', () => {
  ruleTable(
    closeEwbRules,
    () => ({ ewbNo: 391009149369, closureDate: '14/06/2024', remarks: 'Delivered to consignee' }),
    {
      'CLOSEEWB-NUMBER': { fail: (d) => (d.ewbNo = 'EWB391009149'), path: '/ewbNo' },
      'CLOSEEWB-DATE': { fail: (d) => (d.closureDate = '31/06/2024'), path: '/closureDate' },
      'CLOSEEWB-DATE-FUTURE': { fail: (d) => (d.closureDate = '16/06/2024'), pass: (d) => (d.closureDate = '15/06/2024'), path: '/closureDate' },
      'CLOSEEWB-REMARKS': { fail: (d) => (d.remarks = ''), path: '/remarks' },
    },
    it,
    expect,
    fc,
  );
});
