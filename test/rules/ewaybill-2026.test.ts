import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { ewbExtensionLimit, judgeEwbExtension } from '../../src/compute/ewaybill-extension.js';
import { changed, ewbBase } from './ewaybill-fixtures.js';

type Doc = Record<string, any>;
const CRORE = 10_000_000;

/** The codes of a validation, errors and warnings apart. */
function run(doc: Doc, options: Parameters<typeof validate>[2]): { errors: string[]; warnings: string[] } {
  const r = validate('ewb', doc, options);
  return { errors: r.errors.map((i) => i.code), warnings: r.warnings.map((i) => i.code) };
}

const dated = (docDate: string, change: (d: Doc) => void = () => {}): Doc =>
  changed(ewbBase(), (d) => {
    d.docDate = docDate;
    change(d);
  });

describe('HSN digits by turnover from 01/02/2024 (282, 283)', () => {
  const twoDigits = dated('30/01/2024', (d) => (d.itemList[0].hsnCode = '84'));
  const fourDigits = dated('30/01/2024');

  it('282: fewer than 4 digits is refused from 01/02/2024, not the day before', () => {
    expect(run(twoDigits, { today: '31/01/2024' }).errors).not.toContain('282');
    expect(run(twoDigits, { today: '01/02/2024' }).errors).toContain('282');
    expect(run(twoDigits, { today: '01/02/2024', aato: 4 * CRORE }).errors).toContain('282');
  });

  it('283: from ₹5 crore turnover 6 digits are needed; below it 4 digits pass', () => {
    expect(run(fourDigits, { today: '01/02/2024', aato: 5 * CRORE }).errors).toContain('283');
    expect(run(fourDigits, { today: '01/02/2024', aato: 5 * CRORE - 1 }).errors).not.toContain('283');
    expect(run(fourDigits, { today: '31/01/2024', aato: 20 * CRORE }).errors).not.toContain('283');
    expect(run(fourDigits, { today: '01/02/2024' }).errors).not.toContain('283');
    const sixDigits = dated('30/01/2024', (d) => ((d.itemList[0].hsnCode = '847130'), (d.itemList[1].hsnCode = '847330')));
    expect(run(sixDigits, { today: '01/02/2024', aato: 5 * CRORE }).errors).toEqual([]);
  });

  it('a large taxpayer’s 2-digit code is reported once, as 283', () => {
    const codes = run(twoDigits, { today: '01/02/2024', aato: 50 * CRORE }).errors;
    expect(codes).toContain('283');
    expect(codes).not.toContain('282');
  });
});

describe('at least one item of goods (724)', () => {
  it('refuses an e-waybill of services only, accepts one with a goods line', () => {
    const services = dated('13/06/2024', (d) => ((d.itemList[0].hsnCode = '998314'), (d.itemList[1].hsnCode = '998713')));
    expect(run(services, { today: '15/06/2024' }).errors).toContain('724');
    const mixed = dated('13/06/2024', (d) => (d.itemList[1].hsnCode = '998713'));
    expect(run(mixed, { today: '15/06/2024' }).errors).not.toContain('724');
  });
});

describe('documents older than 180 days from 01/01/2025 (820)', () => {
  // 04/07/2024 is 181 days before 01/01/2025, 05/07/2024 180 days.
  it('is not applied to e-waybills generated before 01/01/2025', () => {
    expect(run(dated('03/07/2024'), { today: '31/12/2024' }).errors).not.toContain('820');
  });

  it('refuses a document 181 days old from 01/01/2025, accepts one 180 days old', () => {
    expect(run(dated('04/07/2024'), { today: '01/01/2025' }).errors).toContain('820');
    expect(run(dated('05/07/2024'), { today: '01/01/2025' }).errors).not.toContain('820');
  });
});

describe('railway receipt numbers from 01/01/2025 (823)', () => {
  const rail = (no: string): Doc =>
    dated('13/12/2024', (d) => {
      d.transMode = '2';
      delete d.vehicleNo;
      delete d.vehicleType;
      d.transDocNo = no;
      d.transDocDate = '14/12/2024';
    });

  it('warns about a receipt not in the P/F station form from 01/01/2025, and refuses it when strict', () => {
    expect(run(rail('123456789'), { today: '31/12/2024' }).warnings).not.toContain('823');
    const after = run(rail('123456789'), { today: '01/01/2025' });
    expect(after.warnings).toContain('823');
    expect(after.errors).not.toContain('823');
    expect(run(rail('123456789'), { today: '01/01/2025', strict: true }).errors).toContain('823');
  });

  it('accepts parcel (PMS) and freight (FOIS) receipts', () => {
    for (const no of ['PNZM2020-307306', 'FSJWT123456789']) {
      const r = run(rail(no), { today: '01/01/2025', strict: true });
      expect(r.errors).not.toContain('823');
      expect(r.warnings).not.toContain('823');
    }
  });
});

describe('extension limit of 360 days after generation (821)', () => {
  it('the limit is 360 days after the generation instant', () => {
    expect(ewbExtensionLimit('10/01/2025 10:00:00')).toBe('05/01/2026 10:00:00');
    expect(ewbExtensionLimit('29/02/2028 23:59:00')).toBe('23/02/2029 23:59:00');
    expect(ewbExtensionLimit('not a time')).toBeUndefined();
  });

  it('cuts a validity that would pass the limit, refuses once it has passed', () => {
    expect(judgeEwbExtension('10/01/2025 10:00:00', '20/03/2025 23:59:00', '19/03/2025 20:00:00')).toEqual({
      allowed: true,
      validUpto: '20/03/2025 23:59:00',
      capped: false,
    });
    expect(judgeEwbExtension('10/01/2025 10:00:00', '07/01/2026 23:59:00', '04/01/2026 18:00:00')).toEqual({
      allowed: true,
      validUpto: '05/01/2026 10:00:00',
      capped: true,
    });
    const late = judgeEwbExtension('10/01/2025 10:00:00', '07/01/2026 23:59:00', '05/01/2026 10:00:00');
    expect(late).toMatchObject({ allowed: false, code: '821' });
    expect(judgeEwbExtension('10/01/2025 10:00:00', '07/01/2026 23:59:00', '05/01/2026 09:59:59')).toMatchObject({ allowed: true, capped: true });
  });

  it('does not limit extensions asked for before 01/01/2025', () => {
    expect(judgeEwbExtension('01/01/2024 09:00:00', '30/12/2024 23:59:00', '31/12/2024 08:00:00')).toEqual({
      allowed: true,
      validUpto: '30/12/2024 23:59:00',
      capped: false,
    });
    expect(judgeEwbExtension('01/01/2024 09:00:00', '03/01/2025 23:59:00', '01/01/2025 08:00:00')).toMatchObject({ allowed: false, code: '821' });
  });
});

describe('retail-sale-price goods from 01/02/2026 (620 skipped)', () => {
  // Tax on cigarettes is computed on the retail sale price, so the invoice value is below value + taxes.
  const cigarettes = (docDate: string): Doc =>
    changed(ewbBase(), (d) => {
      d.docDate = docDate;
      d.itemList = [
        {
          productName: 'Cigarettes',
          hsnCode: '24022090',
          quantity: 100,
          qtyUnit: 'PAC',
          taxableAmount: 10000,
          cgstRate: 20,
          sgstRate: 20,
          igstRate: 0,
          cessRate: 0,
        },
      ];
      d.totalValue = 10000;
      d.cgstValue = 2400;
      d.sgstValue = 2400;
      d.totInvValue = 14000;
    });

  it('refuses a value below value + taxes for a document dated 31/01/2026, not from 01/02/2026', () => {
    expect(run(cigarettes('31/01/2026'), { today: '02/02/2026' }).errors).toContain('620');
    expect(run(cigarettes('01/02/2026'), { today: '02/02/2026' }).errors).not.toContain('620');
  });

  it('still refuses it for other goods', () => {
    const other = changed(cigarettes('01/02/2026'), (d) => (d.itemList[0].hsnCode = '84713010'));
    expect(run(other, { today: '02/02/2026' }).errors).toContain('620');
  });
});

describe('vehicle numbers of Bhutan and Nepal (225)', () => {
  it('accepts BP and NP registrations of at least 7 characters', () => {
    for (const no of ['BP1234567', 'NPBA2PA1234']) {
      expect(
        run(
          changed(ewbBase(), (d) => (d.vehicleNo = no)),
          { today: '15/06/2024' },
        ).errors,
      ).not.toContain('225');
    }
    expect(
      run(
        changed(ewbBase(), (d) => (d.vehicleNo = 'BP12')),
        { today: '15/06/2024' },
      ).errors,
    ).toContain('225');
  });
});
