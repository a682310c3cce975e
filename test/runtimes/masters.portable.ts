/**
 * Master lookups on every runtime: states, PIN prefixes, units, rates, HSN chapters and GSTINs.
 * @module
 */
import { hsnChapters, isUnit, isValidGstin, pinMatchesState, rateAllowedOn, state, stateOfPin, states, unit } from '../../src/masters/index.js';
import { describe, expect, it, same } from './harness.js';

describe('masters', () => {
  it('looks up state codes given as text or numbers', () => {
    expect(state('29')?.name).toBe('Karnataka');
    expect(state(9)?.code).toBe('09');
    expect(state('98')).toBe(undefined);
    expect(states()).toHaveLength(41);
    same('states', states());
  });

  it('places PIN codes in their states', () => {
    expect(stateOfPin(560001)?.name).toBe('Karnataka');
    expect(stateOfPin('110 001')?.code).toBe('07');
    expect(pinMatchesState('400001', '27')).toBe(true);
    expect(pinMatchesState('400001', 29)).toBe(false);
  });

  it('knows units of quantity and the GST rates by date', () => {
    expect(unit('NOS')).toEqual({ code: 'NOS', description: 'NUMBERS', kind: 'measure' });
    expect(isUnit('nos')).toBe(false);
    expect(rateAllowedOn(40, '21/09/2025')).toBe(false);
    expect(rateAllowedOn(40, '22/09/2025')).toBe(true);
  });

  it('lists the HSN chapters without the HSN list', () => {
    expect(hsnChapters().length).toBeGreaterThan(90);
    same('hsn chapters', hsnChapters());
  });

  it('checks the GSTIN check character', () => {
    expect(isValidGstin('29AAGCK4821M1Z4')).toBe(true);
    expect(isValidGstin('29AAGCK4821M1Z5')).toBe(false);
  });
});
