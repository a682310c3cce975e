/**
 * The e-waybill actions build their e-waybill number, place, state and reason checks from shared builders,
 * each with its own wording. What a caller reads must not move when the builders are shared: every message
 * here is the one the action has always given, and the Part-B update keeps its 308 remarks (no 386).
 */
import { describe, expect, it } from 'vitest';
import { extendValidityRules, updateVehicleRules } from '../../src/rules/ewaybill/actions.js';
import { consolidatedEwbRules, regenerateTripSheetRules } from '../../src/rules/ewaybill/consolidated.js';
import { changeMultiVehicleRules, initiateMultiVehicleRules } from '../../src/rules/ewaybill/multivehicle.js';
import { cancelEwbRules } from '../../src/rules/ewaybill/cancel-close.js';
import type { Rule } from '../../src/rules/rule.js';
import { runAll } from './ewaybill-fixtures.js';

const said = (rules: readonly Rule[], doc: Record<string, unknown>) => runAll(rules, doc).map((i) => `${i.code} ${i.message}`);

describe('the messages of the shared e-waybill action checks', () => {
  it('on the Part-B update', () => {
    expect(
      said(updateVehicleRules, {
        ewbNo: '12345',
        fromPlace: ' ',
        fromState: 'KA',
        reasonCode: 7,
        reasonRem: ' ',
        transMode: '2',
        transDocNo: 'LR1',
        transDocDate: '14/06/2024',
      }),
    ).toEqual([
      '301 ewbNo 12345 is not an e-waybill number (12 digits).',
      '305 fromPlace (the place where the vehicle changes) must not be blank.',
      '306 fromState KA is not a known state code.',
      '307 reasonCode 7 is not a reason for a Part-B update (1 Breakdown, 2 Transshipment, 3 Others, 4 First time).',
      '308 reasonRem (the remarks on the reason) must not be blank.',
    ]);
    expect(said(updateVehicleRules, { fromPlace: 'x'.repeat(51), fromState: 45, transMode: '2', transDocNo: 'LR1', transDocDate: '14/06/2024' })).toEqual([
      '305 fromPlace is 51 characters; at most 50 are allowed.',
      '306 fromState 45 is not a known state code.',
    ]);
  });

  it('on the extension', () => {
    const found = said(extendValidityRules, { ewbNo: 3910091493, fromPlace: '', fromState: 0 });
    expect(found).toContain('301 ewbNo 3910091493 is not an e-waybill number (12 digits).');
    expect(found).toContain('305 fromPlace (the place where the goods are now) must not be blank.');
    expect(found).toContain('306 fromState 0 is not a known state code.');
  });

  it('on the consolidated e-waybill, trip sheet and multi-vehicle movement', () => {
    // A state that is no number is left to the schema on these actions; a number off the master is refused.
    expect(
      said(consolidatedEwbRules, {
        fromPlace: '  ',
        fromState: 'KA',
        transMode: '2',
        transDocNo: 'LR1',
        transDocDate: '14/06/2024',
        tripSheetEwbBills: [{ ewbNo: '331009876543' }],
      }),
    ).toEqual(['305 fromPlace must not be blank.']);
    expect(
      said(regenerateTripSheetRules, {
        tripSheetNo: '3310004217',
        fromPlace: 'Salem',
        fromState: 45,
        transMode: '2',
        transDocNo: 'LR1',
        transDocDate: '14/06/2024',
        reasonCode: '9',
        reasonRem: ' ',
      }),
    ).toEqual([
      '306 fromState 45 is not a state code.',
      '307 reasonCode 9 is not a reason (1 Due to break down, 2 Due to transshipment, 3 Others, 4 First time).',
      '386 reasonRem must not be blank: the portal wants the reason and its remarks.',
    ]);
    const init = said(initiateMultiVehicleRules, {
      ewbNo: '33100987654',
      reasonCode: '2',
      reasonRem: 'Split',
      fromPlace: 'Salem',
      fromState: 33,
      toPlace: '',
      toState: 98,
      transMode: '1',
      totalQuantity: 500,
      unitCode: 'KGS',
    });
    expect(init).toEqual([
      '301 ewbNo 33100987654 is not an e-waybill number (12 digits).',
      '321 toPlace must not be blank.',
      '320 toState 98 is not a state code.',
    ]);
    expect(said(changeMultiVehicleRules, { ewbNo: 'ABC' })).toContain('301 ewbNo ABC is not an e-waybill number (12 digits).');
  });

  it('keeps the remarks of the movement actions (386) out of the Part-B update', () => {
    expect(updateVehicleRules.filter((r) => r.id === 'VEHEWB-REMARKS').map((r) => r.code)).toEqual(['308']);
    expect(updateVehicleRules.some((r) => r.code === '386')).toBe(false);
  });

  it('on the cancellation', () => {
    expect(said(cancelEwbRules, { ewbNo: '12A' })).toContain('395 ewbNo 12A must be numeric only.');
    expect(said(cancelEwbRules, { ewbNo: 1234 })).toContain('301 ewbNo 1234 is not an e-waybill number (12 digits).');
  });
});
