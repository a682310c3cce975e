import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packageFile } from '../../src/package-files.js';
import {
  countries,
  country,
  currencies,
  currency,
  gstRates,
  hsnChapter,
  hsnChapters,
  isCountry,
  isCurrency,
  isUnit,
  pinMatchesState,
  pinPrefixes,
  pinStates,
  rateAllowedOn,
  state,
  stateOfPin,
  states,
  unit,
  units,
} from '../../src/masters/index.js';
import { hasReference, readCsv } from './csv.js';

describe('every data file', () => {
  const files = readdirSync(packageFile('masters')).filter((f) => f.endsWith('.json'));
  it.each(files)('%s has a provenance header with a source and an as-of date', (name) => {
    const doc = JSON.parse(readFileSync(packageFile(`masters/${name}`), 'utf8'));
    expect(doc.provenance.title).toEqual(expect.any(String));
    expect(doc.provenance.source.length).toBeGreaterThan(0);
    expect(doc.provenance.asOf).toMatch(/^\d{4}(-\d{2}-\d{2})?$/);
  });
});

describe('states', () => {
  it('looks up codes given as text or numbers', () => {
    expect(state('29')).toEqual({ code: '29', name: 'Karnataka', kind: 'state', alpha: 'KA', validForNewDocuments: true });
    expect(state(29)).toBe(state('29'));
    expect(state('9')?.name).toBe('Uttar Pradesh');
    expect(state(9)?.code).toBe('09');
    expect(state(' 07 ')?.name).toBe('Delhi');
  });
  it('knows the special, legacy and newest codes', () => {
    expect(state(96)).toMatchObject({ name: 'Other Countries', kind: 'special', validForNewDocuments: true });
    expect(state(97)).toMatchObject({ name: 'Other Territory', kind: 'special' });
    expect(state(99)).toMatchObject({ name: 'Centre Jurisdiction', kind: 'special' });
    expect(state(25)?.validForNewDocuments).toBe(false);
    expect(state(28)?.validForNewDocuments).toBe(false);
    expect(state(38)).toMatchObject({ name: 'Ladakh', kind: 'union-territory', validForNewDocuments: true });
    expect(state(26)?.kind).toBe('union-territory');
  });
  it('rejects what is not a code', () => {
    for (const bad of ['0', '00', '39', '98', '100', '2a', '', 'KA', -1, 1.5, 290]) expect(state(bad)).toBeUndefined();
  });
  it('lists 41 codes in order', () => {
    const codes = states().map((s) => s.code);
    expect(codes).toHaveLength(41);
    expect(codes).toEqual([...codes].sort());
  });
  it.skipIf(!hasReference('states.csv'))('matches states.csv row for row', () => {
    const rows = readCsv('states.csv');
    expect(states()).toHaveLength(rows.length);
    for (const row of rows) {
      const s = state(row.code!)!;
      expect(s, row.code).toBeDefined();
      if (row.code !== '96') expect(s.name).toBe(row.name);
      expect(s.alpha).toBe(row.abbreviation);
      expect(s.kind).toBe(row.type!.replace(' ', '-'));
    }
  });
});

describe('PIN prefixes', () => {
  it('maps unambiguous prefixes to one state', () => {
    expect(pinStates('560001')).toEqual(['29']);
    expect(stateOfPin(560001)?.name).toBe('Karnataka');
    expect(stateOfPin('110 001')?.code).toBe('07');
    expect(stateOfPin('194101')?.name).toBe('Ladakh');
    expect(stateOfPin('403001')?.name).toBe('Goa');
    expect(pinMatchesState('400001', '27')).toBe(true);
    expect(pinMatchesState('400001', 29)).toBe(false);
  });
  it('accepts any candidate of an ambiguous prefix, most PINs first', () => {
    expect(pinStates('140001')).toEqual(['03', '04']);
    expect(pinMatchesState('140001', '04')).toBe(true);
    expect(pinMatchesState('140001', '03')).toBe(true);
    expect(pinMatchesState('140001', '07')).toBe(false);
    expect(stateOfPin('140001')).toBeUndefined();
    expect(pinStates('682001')).toEqual(['32', '31']);
  });
  it('gives 999999 to foreign and Other Territory parties', () => {
    expect(pinMatchesState('999999', '96')).toBe(true);
    expect(pinMatchesState('999999', '97')).toBe(true);
    expect(pinMatchesState('999999', '29')).toBe(false);
  });
  it('says unknown rather than wrong for prefixes it does not know', () => {
    expect(pinStates('912345')).toEqual([]); // Army Postal Service
    expect(pinMatchesState('912345', '07')).toBeUndefined();
    for (const bad of ['012345', '56000', '5600011', 'abcdef', '', 56000]) {
      expect(pinStates(bad)).toEqual([]);
      expect(pinMatchesState(bad, '29')).toBeUndefined();
    }
  });
  it.skipIf(!hasReference('pincode-states.csv'))('every state of pincode-states.csv maps back from its prefixes', () => {
    const rows = readCsv('pincode-states.csv');
    const prefixes = new Set(rows.map((r) => r.pin_prefix));
    expect(pinPrefixes().size).toBe(prefixes.size);
    for (const row of rows) {
      const pin = `${row.pin_prefix}000`;
      expect(pinStates(pin), pin).toContain(row.state_code);
      expect(pinMatchesState(pin, row.state_code!)).toBe(true);
      expect(pinStates(pin).length > 1).toBe(row.ambiguous === 'Y');
    }
  });
  it('every state in use has at least one prefix, and every prefix names a real state', () => {
    const used = new Set([...pinPrefixes().values()].flat());
    for (const s of states()) {
      const expectPrefix = s.kind !== 'special' && s.validForNewDocuments;
      expect(used.has(s.code), s.code).toBe(expectPrefix);
    }
    for (const code of used) expect(state(code)).toBeDefined();
  });
});

describe('units', () => {
  it('has the 45 codes of the e-invoice master', () => {
    expect(units()).toHaveLength(45);
    expect(unit('NOS')).toEqual({ code: 'NOS', description: 'NUMBERS', kind: 'measure' });
    expect(unit('KGS')?.kind).toBe('weight');
    expect(unit('LTR')?.kind).toBe('volume');
    expect(unit('SQM')?.kind).toBe('area');
    expect(unit('MTR')?.kind).toBe('length');
    expect(isUnit('GGK')).toBe(true);
    expect(isUnit('GGR')).toBe(false);
    expect(isUnit('nos')).toBe(false);
    expect(isUnit('NA')).toBe(false);
  });
  it.skipIf(!hasReference('uqc.csv'))('matches uqc.csv', () => {
    const rows = readCsv('uqc.csv');
    expect(units()).toHaveLength(rows.length);
    for (const row of rows) expect(unit(row.code!)).toEqual({ code: row.code, description: row.description, kind: row.type });
  });
});

describe('GST rates', () => {
  it('allows the e-invoice slabs and 40 only from 22/09/2025', () => {
    for (const r of [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28]) {
      expect(rateAllowedOn(r, '01/04/2021'), String(r)).toBe(true);
      expect(rateAllowedOn(r, '01/01/2026'), String(r)).toBe(true);
    }
    expect(rateAllowedOn(40, '21/09/2025')).toBe(false);
    expect(rateAllowedOn(40, '22/09/2025')).toBe(true);
    expect(rateAllowedOn(40, '2025-09-22')).toBe(true);
    for (const r of [2, 10, 14, 0.5, 18.0001, -18, NaN, Infinity]) expect(rateAllowedOn(r, '01/01/2026')).toBe(false);
    expect(rateAllowedOn(18, '31/02/2025')).toBe(false);
    expect(rateAllowedOn(18, 'yesterday')).toBe(false);
    expect(rateAllowedOn(0.1 + 0.2 - 0.2, '01/01/2026')).toBe(true); // float noise tolerated
  });
  it('lists the rates of a date', () => {
    expect(gstRates('01/01/2024').map((r) => r.rate)).toEqual([0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28]);
    expect(gstRates('22/09/2025').map((r) => r.rate)).toContain(40);
    expect(gstRates()).toHaveLength(13);
    expect(gstRates().find((r) => r.rate === 40)).toMatchObject({ validFrom: '22/09/2025', validTo: null, cgst: 20, sgst: 20, igst: 40 });
    expect(gstRates('not a date')).toEqual([]);
  });
  it.skipIf(!hasReference('gst-rates.csv'))('matches gst-rates.csv', () => {
    const rows = readCsv('gst-rates.csv');
    expect(gstRates()).toHaveLength(rows.length);
    for (const row of rows) {
      const r = gstRates().find((x) => x.rate === Number(row.rate))!;
      expect(r, row.rate).toBeDefined();
      expect([r.cgst, r.sgst, r.igst]).toEqual([Number(row.cgst_rate), Number(row.sgst_rate), Number(row.igst_rate)]);
    }
  });
});

describe('countries and currencies', () => {
  it('looks up ISO codes', () => {
    expect(country('IN')).toEqual({ code: 'IN', alpha3: 'IND', numeric: '356', name: 'India' });
    expect(isCountry('US')).toBe(true);
    expect(isCountry('in')).toBe(false);
    expect(isCountry('UK')).toBe(false);
    expect(country('XK')?.userAssigned).toBe(true);
    expect(currency('INR')).toEqual({ code: 'INR', numeric: '356', minorUnits: 2, name: 'Indian Rupee' });
    expect(currency('JPY')?.minorUnits).toBe(0);
    expect(currency('KWD')?.minorUnits).toBe(3);
    expect(currency('XAU')?.minorUnits).toBeNull();
    expect(isCurrency('USD')).toBe(true);
    expect(isCurrency('HRK')).toBe(false);
    expect(isCurrency('RS')).toBe(false);
  });
  it.skipIf(!hasReference('countries.csv'))('matches countries.csv', () => {
    const rows = readCsv('countries.csv');
    expect(countries()).toHaveLength(rows.length);
    for (const row of rows) expect(country(row.alpha2!)).toMatchObject({ alpha3: row.alpha3, numeric: row.numeric, name: row.name });
  });
  it.skipIf(!hasReference('currencies.csv'))('matches currencies.csv', () => {
    const rows = readCsv('currencies.csv');
    expect(currencies()).toHaveLength(rows.length);
    for (const row of rows) {
      const c = currency(row.code!)!;
      expect(c).toMatchObject({ numeric: row.numeric, name: row.name });
      if (c.minorUnits !== null) expect(c.minorUnits).toBe(Number(row.minor_units));
    }
  });
});

describe('HSN chapters and SAC headings', () => {
  it('knows goods chapters 01-98 except 77', () => {
    const goods = hsnChapters()
      .filter((c) => c.kind === 'goods')
      .map((c) => c.chapter);
    expect(goods).toHaveLength(97);
    expect(goods).not.toContain('77');
    expect(hsnChapter('84713010')).toMatchObject({ chapter: '84', kind: 'goods' });
    expect(hsnChapter('0101')?.chapter).toBe('01');
    expect(hsnChapter(1011010)?.chapter).toBe('01'); // a number that lost its leading zero
    expect(hsnChapter('7701')).toBeUndefined();
    expect(hsnChapter('00')).toBeUndefined();
  });
  it('knows the SAC headings under 99', () => {
    expect(hsnChapter('998314')).toMatchObject({ chapter: '9983', kind: 'service' });
    expect(hsnChapter('995411')?.chapter).toBe('9954');
    expect(hsnChapter('99')?.kind).toBe('service');
    for (const impossible of ['9950', '995011', '9970', '9990', '9900']) expect(hsnChapter(impossible), impossible).toBeUndefined();
  });
});
