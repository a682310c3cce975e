import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { extendValidityRules, rejectEwbRules, updateTransporterRules, updateVehicleRules } from '../../src/rules/ewaybill/actions.js';
import { validate } from '../../src/validate.js';
import { ruleTable } from './ewaybill-fixtures.js';
import { allRules } from '../../src/rules/index.js';

const rail = (d: Record<string, unknown>): void => {
  d.transMode = '2';
  delete d.vehicleNo;
  delete d.vehicleType;
};

describe('updateVehicleRules', () => {
  ruleTable(
    updateVehicleRules,
    () => ({
      ewbNo: '391009149369',
      vehicleNo: 'KA12TR1234',
      fromPlace: 'Hosur',
      fromState: 33,
      reasonCode: '1',
      reasonRem: 'Vehicle broke down',
      transDocNo: 'LR/1188',
      transDocDate: '14/06/2024',
      transMode: '1',
      vehicleType: 'R',
    }),
    {
      'VEHEWB-EWBNO': { fail: (d) => (d.ewbNo = '39100914936'), pass: (d) => (d.ewbNo = 391009149369), path: '/ewbNo' },
      'VEHEWB-TRANSMODE': { fail: (d) => (d.transMode = '5'), pass: (d) => (d.transMode = 4), path: '/transMode' },
      'VEHEWB-ROAD-VEHICLE': { fail: (d) => delete d.vehicleNo, pass: rail, path: '/vehicleNo' },
      'VEHEWB-VEHICLE-FORMAT': { fail: (d) => (d.vehicleNo = 'KA 12 TR 1234'), pass: (d) => (d.vehicleNo = '22BH1234AB'), path: '/vehicleNo' },
      'VEHEWB-FROM-PLACE': { fail: (d) => (d.fromPlace = '  '), pass: (d) => (d.fromPlace = 'x'.repeat(50)), path: '/fromPlace' },
      'VEHEWB-FROM-STATE': { fail: (d) => (d.fromState = 40), pass: (d) => (d.fromState = 99), path: '/fromState' },
      'VEHEWB-REASON': { fail: (d) => (d.reasonCode = '5'), pass: (d) => (d.reasonCode = 4), path: '/reasonCode' },
      'VEHEWB-REMARKS': { fail: (d) => (d.reasonRem = 'y'.repeat(51)), pass: (d) => (d.reasonRem = 'y'.repeat(50)), path: '/reasonRem' },
      'VEHEWB-NONROAD-DOCNO': { fail: (d) => (rail(d), delete d.transDocNo), pass: rail, path: '/transDocNo' },
      'VEHEWB-NONROAD-DOCDATE': { fail: (d) => (rail(d), delete d.transDocDate), pass: rail, path: '/transDocDate' },
      'VEHEWB-TRANSDOC-DATE': { fail: (d) => (d.transDocDate = '16/06/2024'), pass: (d) => (d.transDocDate = '15/06/2024'), path: '/transDocDate' },
      'VEHEWB-VEHICLE-TYPE': { fail: (d) => (d.vehicleType = 'X'), pass: (d) => (d.vehicleType = 'O'), path: '/vehicleType' },
      'VEHEWB-ODC-ROAD': { fail: (d) => (rail(d), (d.vehicleType = 'O')), pass: (d) => (d.vehicleType = 'O'), path: '/vehicleType' },
    },
    it,
    expect,
    fc,
  );
});

describe('updateTransporterRules', () => {
  ruleTable(
    updateTransporterRules,
    () => ({ ewbNo: '391009149369', transporterId: '33AABCK5523R1Z9' }),
    {
      'UPDTRANS-EWBNO': { fail: (d) => (d.ewbNo = 'EWB391009149'), path: '/ewbNo' },
      'UPDTRANS-ID': { fail: (d) => (d.transporterId = 'AB33CK5523R1Z9X'), path: '/transporterId' },
      'UPDTRANS-ID-CHECK': { fail: (d) => (d.transporterId = '33AABCK5523R1Z8'), pass: (d) => (d.transporterId = '33AAFCP8841N1ZX'), path: '/transporterId' },
    },
    it,
    expect,
    fc,
  );

  it('a wrong check character only warns unless strict: a transporter id is not always a GSTIN', () => {
    const payload = { ewbNo: '391009149369', transporterId: '33AABCK5523R1Z8' };
    const lenient = validate('update-transporter', payload, { today: '15/06/2024' });
    expect(lenient.ok).toBe(true);
    expect(lenient.warnings.map((w) => w.code)).toEqual(['SVC-480']);
    expect(validate('update-transporter', payload, { today: '15/06/2024', strict: true }).ok).toBe(false);
  });
});

const moving = () => ({
  ewbNo: '391009149369',
  vehicleNo: 'KA12TR1234',
  fromPlace: 'Tiruppur',
  fromState: 33,
  fromPincode: 641604,
  remainingDistance: 52,
  transDocNo: 'LR/1188',
  transDocDate: '14/06/2024',
  transMode: '1',
  extnRsnCode: '5',
  extnRemarks: 'Accident',
  consignmentStatus: 'M',
});
const inTransit = (d: Record<string, unknown>): void => {
  Object.assign(d, { consignmentStatus: 'T', transMode: '5', transitType: 'W', addressLine1: 'Godown 4', addressLine2: 'SIDCO', addressLine3: 'Tiruppur' });
  delete d.vehicleNo;
};

describe('extendValidityRules', () => {
  ruleTable(
    extendValidityRules,
    moving,
    {
      'EXTEWB-EWBNO': { fail: (d) => (d.ewbNo = '3910091493690'), path: '/ewbNo' },
      'EXTEWB-STATUS': { fail: (d) => (d.consignmentStatus = 'X'), pass: inTransit, path: '/consignmentStatus' },
      'EXTEWB-TRANSMODE': { fail: (d) => (d.transMode = '5'), pass: inTransit, path: '/transMode' },
      'EXTEWB-ROAD-VEHICLE': { fail: (d) => delete d.vehicleNo, pass: inTransit, path: '/vehicleNo' },
      'EXTEWB-VEHICLE-FORMAT': { fail: (d) => (d.vehicleNo = 'KA-12'), path: '/vehicleNo' },
      'EXTEWB-NONROAD-DOCNO': { fail: (d) => ((d.transMode = '3'), delete d.transDocNo), path: '/transDocNo' },
      'EXTEWB-NONROAD-DOCDATE': { fail: (d) => ((d.transMode = '4'), delete d.transDocDate), path: '/transDocDate' },
      'EXTEWB-TRANSDOC-DATE': { fail: (d) => (d.transDocDate = '31/02/2024'), path: '/transDocDate' },
      'EXTEWB-FROM-PLACE': { fail: (d) => (d.fromPlace = ''), path: '/fromPlace' },
      'EXTEWB-FROM-STATE': { fail: (d) => (d.fromState = 0), path: '/fromState' },
      'EXTEWB-PIN-STATE': { fail: (d) => (d.fromPincode = 560001), pass: (d) => (d.fromPincode = 600032), path: '/fromPincode' },
      'EXTEWB-REMAINING-DISTANCE': { fail: (d) => (d.remainingDistance = 0), pass: (d) => (d.remainingDistance = 1), path: '/remainingDistance' },
      'EXTEWB-REASON': { fail: (d) => (d.extnRsnCode = '3'), pass: (d) => (d.extnRsnCode = 99), path: '/extnRsnCode' },
      'EXTEWB-REMARKS': { fail: (d) => (d.extnRemarks = ' '), path: '/extnRemarks' },
      'EXTEWB-TRANSIT-TYPE': { fail: (d) => (inTransit(d), delete d.transitType), pass: inTransit, path: '/transitType' },
      'EXTEWB-TRANSIT-ADDRESS1': { fail: (d) => (inTransit(d), delete d.addressLine1), path: '/addressLine1' },
      'EXTEWB-TRANSIT-ADDRESS2': { fail: (d) => (inTransit(d), delete d.addressLine2), path: '/addressLine2' },
      'EXTEWB-TRANSIT-ADDRESS3': { fail: (d) => (inTransit(d), delete d.addressLine3), path: '/addressLine3' },
      'EXTEWB-MOVING-NO-TRANSIT-TYPE': { fail: (d) => (d.transitType = 'W'), pass: inTransit, path: '/transitType' },
      'EXTEWB-MOVING-NO-ADDRESS': { fail: (d) => (d.addressLine2 = 'SIDCO'), pass: inTransit, path: '/addressLine2' },
      'EXTEND-VALIDITY-SPEC-LIMITS': { fail: (d) => (d.remainingDistance = 52.5), pass: (d) => (d.remainingDistance = 9999), path: '/remainingDistance' },
    },
    it,
    expect,
    fc,
  );

  it('only warns for the uncertain transit address lines 2 and 3 and a remaining distance of 0', () => {
    const d: Record<string, unknown> = moving();
    inTransit(d);
    delete d.addressLine3;
    const result = validate('extend-validity', { ...d, remainingDistance: 0 }, { today: '15/06/2024' });
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => w.code).sort()).toEqual(['389', '708']);
  });
});

describe('rejectEwbRules', () => {
  ruleTable(rejectEwbRules, () => ({ ewbNo: '391009149369' }), { 'REJEWB-EWBNO': { fail: (d) => (d.ewbNo = '1234'), path: '/ewbNo' } }, it, expect, fc);
});

describe('one certainty per code', () => {
  // The same refusal on different actions must not be rated differently in docs/rules.md and docs/error-codes.md.
  it('rates 303 (vehicle number required by road) alike on every action that refuses with it', () => {
    const vehicleRequired = allRules().filter(({ rule }) => rule.code === '303');
    expect(vehicleRequired.map(({ rule }) => rule.id).sort()).toEqual([
      'CEWB-VEHICLE-REQUIRED',
      'EXTEWB-ROAD-VEHICLE',
      'TRIPSHEET-VEHICLE-REQUIRED',
      'VEHEWB-ROAD-VEHICLE',
    ]);
    expect(new Set(vehicleRequired.map(({ rule }) => rule.certainty))).toEqual(new Set(['likely']));
    expect(new Set(vehicleRequired.map(({ rule }) => rule.severity))).toEqual(new Set(['error']));
  });
});
