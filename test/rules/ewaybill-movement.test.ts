import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { consolidatedEwbRules, regenerateTripSheetRules } from '../../src/rules/ewaybill/consolidated.js';
import { addMultiVehicleRules, changeMultiVehicleRules, initiateMultiVehicleRules } from '../../src/rules/ewaybill/multivehicle.js';
import { validate } from '../../src/validate.js';
import { ruleTable } from './ewaybill-fixtures.js';

describe('consolidatedEwbRules', () => {
  ruleTable(
    consolidatedEwbRules,
    () => ({
      fromPlace: 'Chennai',
      fromState: 33,
      vehicleNo: 'TN22CX4521',
      transMode: '1',
      transDocNo: 'PL/40188',
      transDocDate: '14/06/2024',
      tripSheetEwbBills: [{ ewbNo: '331009876543' }, { ewbNo: '331009876550' }],
    }),
    {
      'CEWB-FROMPLACE': { fail: (d) => (d.fromPlace = '  '), path: '/fromPlace' },
      'CEWB-FROMSTATE': { fail: (d) => (d.fromState = 45), pass: (d) => (d.fromState = 97), path: '/fromState' },
      'CEWB-TRANSMODE': { fail: (d) => (d.transMode = '5'), pass: (d) => (d.transMode = 4), path: '/transMode' },
      'CEWB-VEHICLE-REQUIRED': { fail: (d) => delete d.vehicleNo, pass: (d) => ((d.transMode = '2'), delete d.vehicleNo), path: '/vehicleNo' },
      'CEWB-VEHICLE-FORMAT': { fail: (d) => (d.vehicleNo = 'TN 22 CX 4521'), pass: (d) => (d.vehicleNo = '22BH1234AB'), path: '/vehicleNo' },
      'CEWB-NONROAD-DOCNO': { fail: (d) => ((d.transMode = '3'), delete d.transDocNo), pass: (d) => delete d.transDocNo, path: '/transDocNo' },
      'CEWB-NONROAD-DOCDATE': { fail: (d) => ((d.transMode = '4'), delete d.transDocDate), pass: (d) => delete d.transDocDate, path: '/transDocDate' },
      'CEWB-TRANSDOC-DATE': { fail: (d) => (d.transDocDate = '16/06/2024'), pass: (d) => (d.transDocDate = '15/06/2024'), path: '/transDocDate' },
      'CEWB-MEMBER-NUMBER': {
        fail: (d) => (d.tripSheetEwbBills[1].ewbNo = '33100987655'),
        pass: (d) => (d.tripSheetEwbBills[1].ewbNo = 331009876551),
        path: '/tripSheetEwbBills/1/ewbNo',
      },
      'CEWB-MEMBER-REPEATED': { fail: (d) => d.tripSheetEwbBills.push({ ewbNo: 331009876543 }), path: '/tripSheetEwbBills/2/ewbNo' },
      'CONSOLIDATED-EWB-SPEC-LIMITS': { fail: (d) => (d.vehicleNo = 'TN22CX4521TN22CX'), pass: (d) => (d.vehicleNo = 'TN22CX4521TN22C'), path: '/vehicleNo' },
    },
    it,
    expect,
    fc,
  );
});

describe('regenerateTripSheetRules', () => {
  ruleTable(
    regenerateTripSheetRules,
    () => ({
      tripSheetNo: '3310004217',
      vehicleNo: 'TN45BZ7702',
      fromPlace: 'Salem',
      fromState: 33,
      transDocNo: 'PL/40190',
      transDocDate: '14/06/2024',
      transMode: '1',
      reasonCode: '1',
      reasonRem: 'Breakdown',
    }),
    {
      'TRIPSHEET-NUMBER': { fail: (d) => (d.tripSheetNo = '331000421'), pass: (d) => (d.tripSheetNo = 3310004217), path: '/tripSheetNo' },
      'TRIPSHEET-FROMPLACE': { fail: (d) => (d.fromPlace = ''), path: '/fromPlace' },
      'TRIPSHEET-FROMSTATE': { fail: (d) => (d.fromState = 0), path: '/fromState' },
      'TRIPSHEET-TRANSMODE': { fail: (d) => (d.transMode = 'R'), path: '/transMode' },
      'TRIPSHEET-VEHICLE-REQUIRED': { fail: (d) => (d.vehicleNo = ' '), path: '/vehicleNo' },
      'TRIPSHEET-VEHICLE-FORMAT': { fail: (d) => (d.vehicleNo = 'TN-45-BZ-7702'), path: '/vehicleNo' },
      'TRIPSHEET-NONROAD-DOCNO': { fail: (d) => ((d.transMode = '2'), (d.transDocNo = '')), path: '/transDocNo' },
      'TRIPSHEET-NONROAD-DOCDATE': { fail: (d) => ((d.transMode = '2'), delete d.transDocDate), path: '/transDocDate' },
      'TRIPSHEET-TRANSDOC-DATE': { fail: (d) => (d.transDocDate = '30/02/2024'), path: '/transDocDate' },
      'TRIPSHEET-REASON': { fail: (d) => (d.reasonCode = '5'), pass: (d) => (d.reasonCode = 4), path: '/reasonCode' },
      'TRIPSHEET-REMARKS': { fail: (d) => (d.reasonRem = ''), path: '/reasonRem' },
    },
    it,
    expect,
    fc,
  );
});

describe('initiateMultiVehicleRules', () => {
  ruleTable(
    initiateMultiVehicleRules,
    () => ({
      ewbNo: '331009876543',
      reasonCode: '2',
      reasonRem: 'Split at hub',
      fromPlace: 'Salem',
      fromState: 33,
      toPlace: 'Coimbatore',
      toState: 33,
      transMode: '1',
      totalQuantity: 500,
      unitCode: 'KGS',
    }),
    {
      'MVINIT-EWBNO': { fail: (d) => (d.ewbNo = '33100987654'), pass: (d) => (d.ewbNo = 331009876543), path: '/ewbNo' },
      'MVINIT-REASON': { fail: (d) => (d.reasonCode = '9'), path: '/reasonCode' },
      'MVINIT-REMARKS': { fail: (d) => (d.reasonRem = ' '), path: '/reasonRem' },
      'MVINIT-FROMPLACE': { fail: (d) => (d.fromPlace = ''), path: '/fromPlace' },
      'MVINIT-FROMSTATE': { fail: (d) => (d.fromState = 40), path: '/fromState' },
      'MVINIT-TOPLACE': { fail: (d) => (d.toPlace = ''), path: '/toPlace' },
      'MVINIT-TOSTATE': { fail: (d) => (d.toState = 42), path: '/toState' },
      'MVINIT-TRANSMODE': { fail: (d) => (d.transMode = '0'), path: '/transMode' },
      'MVINIT-QUANTITY': { fail: (d) => (d.totalQuantity = 0), pass: (d) => (d.totalQuantity = 0.001), path: '/totalQuantity' },
    },
    it,
    expect,
    fc,
  );
});

describe('addMultiVehicleRules', () => {
  ruleTable(
    addMultiVehicleRules,
    () => ({ ewbNo: '331009876543', groupNo: 1, vehicleNo: 'TN30AQ1188', transDocNo: 'PL/40191', transDocDate: '14/06/2024', quantity: 300 }),
    {
      'MVADD-EWBNO': { fail: (d) => (d.ewbNo = 'x'), path: '/ewbNo' },
      'MVADD-GROUP': { fail: (d) => (d.groupNo = 0), pass: (d) => (d.groupNo = '2'), path: '/groupNo' },
      'MVADD-VEHICLE-FORMAT': { fail: (d) => (d.vehicleNo = 'TN 30'), path: '/vehicleNo' },
      'MVADD-TRANSDOC-DATE': { fail: (d) => (d.transDocDate = '01/07/2024'), path: '/transDocDate' },
      'MVADD-CONVEYANCE': { fail: (d) => (delete d.vehicleNo, delete d.transDocNo), pass: (d) => delete d.vehicleNo, path: '/vehicleNo' },
      'MVADD-QUANTITY': { fail: (d) => (d.quantity = -1), path: '/quantity' },
    },
    it,
    expect,
    fc,
  );
});

describe('changeMultiVehicleRules', () => {
  ruleTable(
    changeMultiVehicleRules,
    () => ({
      ewbNo: '331009876543',
      groupNo: 1,
      oldvehicleNo: 'TN30AQ1188',
      newVehicleNo: 'TN30AR2290',
      oldTranNo: 'PL/40191',
      newTranNo: 'PL/40195',
      fromPlace: 'Salem',
      fromState: 33,
      reasonCode: '1',
      reasonRem: 'Breakdown',
    }),
    {
      'MVCHG-EWBNO': { fail: (d) => (d.ewbNo = '1234567890123'), path: '/ewbNo' },
      'MVCHG-GROUP': { fail: (d) => delete d.groupNo, path: '/groupNo' },
      'MVCHG-OLD-VEHICLE': { fail: (d) => (d.oldvehicleNo = 'TN30 AQ1188'), path: '/oldvehicleNo' },
      'MVCHG-NEW-VEHICLE': { fail: (d) => (d.newVehicleNo = 'TN30-AR2290'), path: '/newVehicleNo' },
      'MVCHG-PAIR': { fail: (d) => (delete d.newVehicleNo, delete d.newTranNo), pass: (d) => delete d.oldTranNo, path: '/newVehicleNo' },
      'MVCHG-SAME': {
        fail: (d) => ((d.newVehicleNo = 'tn30aq1188'), (d.newTranNo = 'PL/40191')),
        pass: (d) => (d.newTranNo = 'PL/40191'),
        path: '/newVehicleNo',
      },
      'MVCHG-FROMPLACE': { fail: (d) => (d.fromPlace = ''), path: '/fromPlace' },
      'MVCHG-FROMSTATE': { fail: (d) => (d.fromState = 39), path: '/fromState' },
      'MVCHG-REASON': { fail: (d) => (d.reasonCode = 'A'), path: '/reasonCode' },
      'MVCHG-REMARKS': { fail: (d) => (d.reasonRem = ''), path: '/reasonRem' },
    },
    it,
    expect,
    fc,
  );
});

describe('the validators of the movement kinds', () => {
  it('refuse a consolidated e-waybill by road without a vehicle with the portal code 303', () => {
    const r = validate(
      'consolidated-ewb',
      { fromPlace: 'Chennai', fromState: 33, transMode: '1', tripSheetEwbBills: [{ ewbNo: '331009876543' }] },
      { today: '14/11/2026' },
    );
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.code)).toEqual(['303']);
  });

  it('refuse an empty trip sheet through the schema', () => {
    const r = validate(
      'consolidated-ewb',
      { fromPlace: 'Chennai', fromState: 33, transMode: '1', vehicleNo: 'TN22CX4521', tripSheetEwbBills: [] },
      { today: '14/11/2026' },
    );
    expect(r.ok).toBe(false);
    expect(r.errors[0]!.path).toBe('/tripSheetEwbBills');
  });

  it('accept an ewbNo sent as a number, as NIC clients do', () => {
    const r = validate('add-multi-vehicle', { ewbNo: 331009876543, groupNo: 1, vehicleNo: 'TN30AQ1188', quantity: 300 }, { today: '14/11/2026' });
    expect(r.errors).toEqual([]);
  });

  it('warn, not refuse, on gstkit-own checks unless strict', () => {
    const doc = {
      ewbNo: '331009876543',
      groupNo: 1,
      oldvehicleNo: 'TN30AQ1188',
      newVehicleNo: 'TN30AQ1188',
      fromPlace: 'Salem',
      fromState: 33,
      reasonCode: '1',
      reasonRem: 'x',
    };
    const lenient = validate('change-multi-vehicle', doc, { today: '14/11/2026' });
    expect(lenient.ok).toBe(true);
    expect(lenient.warnings.map((w) => w.code)).toEqual(['SVC-472']);
    expect(validate('change-multi-vehicle', doc, { today: '14/11/2026', strict: true }).ok).toBe(false);
  });
});

describe('gstkit validate on the movement kinds', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const gstkit = (args: string[], input?: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: root, input, encoding: 'utf8' });

  it('passes the bundled consolidated e-waybill and refuses one with a malformed member with 301 at its place', () => {
    const ok = gstkit(['validate', 'consolidated-ewb', 'docs/examples/consolidated-ewb.json', '--today', '14/11/2026']);
    expect(ok.status).toBe(0);
    const bad = { ...JSON.parse(readFileSync(join(root, 'docs/examples/consolidated-ewb.json'), 'utf8')), tripSheetEwbBills: [{ ewbNo: '3310098765' }] };
    const run = gstkit(['validate', 'consolidated-ewb', '-', '--today', '14/11/2026'], JSON.stringify(bad));
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).errors).toEqual([expect.objectContaining({ code: '301', path: '/tripSheetEwbBills/0/ewbNo' })]);
  });

  it('refuses a multi-vehicle start with no quantity with 402', () => {
    const doc = { ...JSON.parse(readFileSync(join(root, 'docs/examples/initiate-multi-vehicle.json'), 'utf8')), totalQuantity: 0 };
    const run = gstkit(['validate', 'initiate-multi-vehicle', '-', '--today', '14/11/2026'], JSON.stringify(doc));
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout).errors.map((e: { code: string }) => e.code)).toEqual(['402']);
  });
});
