/**
 * The IRN request against the IRP's published schema 1.1, row by row: for every field of NIC's table, values
 * just inside and just outside each of its bounds, and the field left out, get the verdict the portal's
 * schema gives them, unless the difference is one of the listed exceptions (docs/portal-schemas.md says why
 * for each). The table is read from ../shared at test time; without it the suite skips.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { einvoiceExceptions, exceptionFor } from './einvoice-exceptions.js';
import { fullInvoice } from './full-invoice.js';
import { getAt, numberCases, pointerOf, readPortalTable, setAt, tablesPresent, textCases, type BoundaryCase, type PortalRow } from './portal-table.js';

const today = '27/11/2026';

/** Whether gstkit's schema-level verdict refuses the field: an error at the field or inside it. */
function refusedAt(doc: Record<string, unknown>, path: string): boolean {
  const at = pointerOf(path);
  const result = validate('irn', doc, { rules: false, today });
  return result.errors.some((e) => e.path === at || e.path.startsWith(`${at}/`));
}

const datePaths = [
  '/DocDtls/Dt',
  '/ItemList[]/BchDtls/ExpDt',
  '/ItemList[]/BchDtls/WrDt',
  '/RefDtls/DocPerdDtls/InvStDt',
  '/RefDtls/DocPerdDtls/InvEndDt',
  '/RefDtls/PrecDocDtls[]/InvDt',
  '/RefDtls/ContrDtls[]/RecAdvDt',
  '/RefDtls/ContrDtls[]/PORefDt',
  '/ExpDtls/ShipBDt',
];
const statePaths = ['/SellerDtls/Stcd', '/BuyerDtls/Stcd', '/BuyerDtls/Pos', '/DispDtls/Stcd', '/ShipDtls/Stcd'];

/**
 * Values the bounds alone do not reach, each with the literal schema's verdict: masters and check characters
 * the schema does not look at, the `|` its character classes admit, letter case, and the forms where the
 * editions differ.
 */
function literalCases(path: string): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  if (datePaths.includes(path)) {
    cases.push({ label: 'not a calendar date', value: '31/02/2026', portalAccepts: true });
    cases.push({ label: 'a year after 2029', value: '01/01/2030', portalAccepts: false });
    cases.push({ label: 'a year before 2010', value: '31/12/2009', portalAccepts: false });
  }
  if (statePaths.includes(path)) {
    cases.push({ label: 'one digit', value: '7', portalAccepts: true });
    cases.push({ label: 'all zeros', value: '00', portalAccepts: false });
    cases.push({ label: 'not in the state master', value: '45', portalAccepts: true });
  }
  if (path.endsWith('Gstin')) cases.push({ label: 'a wrong check character', value: '29AAGCK4821M1Z5', portalAccepts: true });
  if (path === '/SellerDtls/LglNm') cases.push({ label: 'a backslash', value: 'Kaveri \\ Components', portalAccepts: true });
  const bars: Record<string, string> = {
    '/ItemList[]/Unit': 'NO|S',
    '/EwbDtls/VehNo': 'KA52|4417',
    '/ExpDtls/Port': 'IN|BLR',
    '/ExpDtls/RefClm': '|',
    '/ExpDtls/ForCur': 'US|D',
    '/ItemList[]/OrgCntry': 'I|',
  };
  if (bars[path] !== undefined) cases.push({ label: 'a | inside the character class', value: bars[path], portalAccepts: true });
  const masters: Record<string, string> = { '/ItemList[]/Unit': 'ABCDEFGH', '/ExpDtls/ForCur': 'XYZ', '/ItemList[]/OrgCntry': 'QQ', '/ExpDtls/CntCode': 'QQ' };
  if (masters[path] !== undefined) cases.push({ label: 'not in the master', value: masters[path], portalAccepts: true });
  const lower: Record<string, string> = {
    '/ItemList[]/Unit': 'nos',
    '/ExpDtls/ForCur': 'usd',
    '/ItemList[]/OrgCntry': 'in',
    '/TranDtls/SupTyp': 'b2b',
    '/DocDtls/Typ': 'inv',
  };
  if (lower[path] !== undefined)
    cases.push({ label: 'lower case', value: lower[path], portalAccepts: path === '/TranDtls/SupTyp' || path === '/DocDtls/Typ' ? false : true });
  if (path === '/TranDtls/SupTyp') cases.push({ label: 'B2C', value: 'B2C', portalAccepts: false });
  if (path === '/ItemList[]/HsnCd')
    cases.push({ label: 'all zeros', value: '00000000', portalAccepts: false }, { label: 'five digits', value: '84713', portalAccepts: false });
  if (path === '/EwbDtls/TransDocDt') cases.push({ label: 'a document number', value: 'LR20261110', portalAccepts: true });
  if (path === '/ItemList[]/UnitPrice') cases.push({ label: 'three decimals', value: 52500.125, portalAccepts: true });
  return cases;
}

function casesOf(row: PortalRow, base: Record<string, unknown>): BoundaryCase[] {
  const cases: BoundaryCase[] = [{ label: 'left out', value: undefined, portalAccepts: !row.required }, ...literalCases(row.path)];
  if (row.type === 'string') {
    const sample = getAt(base, row.path);
    if (typeof sample === 'string') cases.push(...textCases(row, sample));
    cases.push({ label: 'an object instead of text', value: {}, portalAccepts: false });
  } else if (row.type === 'number') {
    cases.push(...numberCases(row));
    cases.push({ label: 'a list instead of a number', value: [1], portalAccepts: false });
  }
  return cases;
}

describe.skipIf(!tablesPresent)('the IRN request against the IRP schema 1.1 (einvoice-1.1.csv)', () => {
  const rows = tablesPresent ? readPortalTable('einvoice-1.1.csv') : [];
  // The IRN itself is not sent when generating one; the request has no such field.
  const requestRows = rows.filter((row) => row.path !== '/Irn');

  it('the table has the 150 rows it was compiled with, and the base invoice has every field', () => {
    expect(rows).toHaveLength(150);
    const base = fullInvoice();
    const missing = requestRows.filter((row) => getAt(base, row.path) === undefined).map((row) => row.path);
    expect(missing).toEqual([]);
    expect(validate('irn', base, { rules: false, today }).errors).toEqual([]);
  });

  for (const row of requestRows) {
    it(row.path, () => {
      const disagreements: string[] = [];
      for (const c of casesOf(row, fullInvoice())) {
        const doc = fullInvoice();
        setAt(doc, row.path, c.value);
        const refused = refusedAt(doc, row.path);
        const expectedRefused = !c.portalAccepts;
        const exception = exceptionFor(row.path, c.label);
        if (exception) {
          // A listed exception must still be a difference, or the list has gone stale.
          if (refused === expectedRefused) disagreements.push(`${c.label}: listed as an exception but gstkit agrees with the portal`);
        } else if (refused !== expectedRefused) {
          disagreements.push(
            `${c.label} ${JSON.stringify(c.value)}: portal ${c.portalAccepts ? 'accepts' : 'refuses'}, gstkit ${refused ? 'refuses' : 'accepts'}`,
          );
        }
      }
      expect(disagreements).toEqual([]);
    });
  }

  it('every listed exception names a row of the table', () => {
    const paths = new Set(requestRows.map((row) => row.path));
    expect(einvoiceExceptions.filter((e) => !paths.has(e.path)).map((e) => e.path)).toEqual([]);
  });
});

describe('every e-invoice exception is explained in docs/portal-schemas.md', () => {
  const doc = readFileSync(new URL('../../docs/portal-schemas.md', import.meta.url), 'utf8');
  for (const exception of einvoiceExceptions) {
    it(`${exception.path} (${exception.cases})`, () => {
      expect(doc).toContain(`\`${exception.path}\``);
    });
  }
});
