import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ewbByIrnRules } from '../../src/rules/ewaybill/by-irn.js';
import { OTHER_KA, ruleTable } from './ewaybill-fixtures.js';

const IRN = 'a5c12dca80e743321740b001fd70953e8738d109865d28ba4013750f2046f229';

const base = (): Record<string, unknown> => ({
  Irn: IRN,
  TransId: OTHER_KA,
  TransName: 'Deccan Roadways',
  TransMode: '1',
  Distance: 150,
  VehNo: 'KA01AB1234',
  VehType: 'R',
  ExpShipDtls: { Addr1: 'Berth 4, New Mangalore Port', Loc: 'Panambur', Pin: 575010, Stcd: '29' },
});

describe('ewbByIrnRules', () => {
  ruleTable(
    ewbByIrnRules,
    base,
    {
      'EWBIRN-IRN': { fail: (d) => (d.Irn = IRN.slice(1)), pass: (d) => (d.Irn = IRN.toUpperCase()), path: '/Irn' },
      'EWB-BY-IRN-SPEC-LIMITS': { fail: (d) => (d.TransDocDt = 'LR20261110'), pass: (d) => (d.TransDocDt = '10/11/2026'), path: '/TransDocDt' },
      'EWBIRN-DISTANCE': { fail: (d) => (d.Distance = 4001), pass: (d) => (d.Distance = 0), path: '/Distance' },
      'EWBIRN-TRANSMODE-NEEDED': { fail: (d) => delete d.TransMode, path: '/TransMode' },
      'EWBIRN-ROAD-VEHNO': { fail: (d) => delete d.VehNo, path: '/VehNo' },
      'EWBIRN-ROAD-VEHTYPE': { fail: (d) => (d.VehType = ''), path: '/VehType' },
      'EWBIRN-NONROAD-DOCNO': {
        fail: (d) => (d.TransMode = '3'),
        pass: (d) => ((d.TransMode = '3'), (d.TransDocNo = 'AWB1234'), (d.TransDocDt = '14/06/2024')),
        path: '/TransDocNo',
      },
      'EWBIRN-NONROAD-DOCDT': { fail: (d) => ((d.TransMode = 2), (d.TransDocNo = 'RR551')), path: '/TransDocDt' },
      'EWBIRN-VEHNO-FORMAT': { fail: (d) => (d.VehNo = 'KA-01-AB-1234'), pass: (d) => (d.VehNo = 'TR1234567'), path: '/VehNo' },
      'EWBIRN-VEHTYPE': { fail: (d) => (d.VehType = 'Z'), path: '/VehType' },
      'EWBIRN-ODC-ROAD': { fail: (d) => ((d.VehType = 'O'), (d.TransMode = '4')), pass: (d) => (d.VehType = 'O'), path: '/VehType' },
      'EWBIRN-PARTA-TRANSID': {
        fail: (d) => (delete d.TransMode, delete d.VehNo, delete d.VehType, delete d.TransId),
        pass: (d) => (delete d.TransMode, delete d.VehNo, delete d.VehType),
        path: '/TransId',
      },
      'EWBIRN-TRANSID': { fail: (d) => (d.TransId = 'DECCAN'), path: '/TransId' },
      'EWBIRN-TRANSDOCDT-FORMAT': {
        fail: (d) => (d.TransDocDt = '2024-06-14'),
        pass: (d) => (d.TransDocDt = '14/06/2024'),
        path: '/TransDocDt',
      },
      'EWBIRN-TRANSDOCDT-FUTURE': { fail: (d) => (d.TransDocDt = '16/06/2024'), pass: (d) => (d.TransDocDt = '15/06/2024'), path: '/TransDocDt' },
      'EWBIRN-EXPSHIP-STATE': { fail: (d) => (d.ExpShipDtls.Stcd = '96'), path: '/ExpShipDtls/Stcd' },
      'EWBIRN-EXPSHIP-PIN': { fail: (d) => (d.ExpShipDtls.Pin = 400001), pass: (d) => delete d.ExpShipDtls, path: '/ExpShipDtls/Pin' },
    },
    it,
    expect,
    fc,
  );
});
