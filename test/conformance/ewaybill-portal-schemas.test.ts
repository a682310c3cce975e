/**
 * The e-way bill requests against the EWB API's published schemas, row by row. For every field of NIC's
 * tables (GENEWAYBILL, VEHEWB, CANEWB, GENCEWB, EXTENDVALIDITY), a value of the table's type, values just
 * inside and just outside each bound (length, range, pattern, enum, decimals), the readings the literal file
 * allows (unanchored patterns, `|` inside a character class, the forms where the schema copies differ) and the
 * field left out get the verdict the portal's schema gives them, unless the case is one of the listed
 * exceptions (docs/portal-schemas.md, section "E-way bill", says why for each). The tables are read from
 * ../shared at test time; without them that part skips, and the always-run cases at the end still check the
 * most important differences.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import type { Kind } from '../../src/kinds.js';
import { getAt, pointerOf, portalRegExp, readPortalTable, setAt, tablesPresent, type PortalRow } from './portal-table.js';

const today = '13/11/2026';
const examples = new URL('../../docs/examples/', import.meta.url);
const example = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`${name}.json`, examples), 'utf8')) as Record<string, unknown>;

/** The table's key names where gstkit's canonical name is another (the reader maps them). */
const canonicalKeys: Record<string, string> = {
  dispatchFromGSTIN: 'dispatchFromGstin',
  dispatchFromTradeName: 'dispatchFromTrdName',
  shipToGSTIN: 'shipToGstin',
  shipToTradeName: 'shipToTrdName',
};
const canonicalPath = (path: string): string =>
  path
    .split('/')
    .map((part) => canonicalKeys[part] ?? part)
    .join('/');

/** Valid values of fields the base payloads leave out, in the table's type. */
const extraValues: Record<string, Record<string, unknown>> = {
  ewb: {
    '/dispatchFromGSTIN': '33AAHCT2290K1Z6',
    '/dispatchFromTradeName': 'Thamirabarani Fasteners Depot',
    '/shipToGSTIN': '33AAEFV6613B1ZL',
    '/shipToTradeName': 'Vaigai Engineering Works Unit 2',
  },
  'extend-validity': { '/transitType': 'R', '/addressLine1': 'SIDCO Estate', '/addressLine2': 'Gate 2', '/addressLine3': 'Tiruppur' },
};

/** A value of the row's field the portal accepts, in the table's type (the base payload's own, converted). */
function sampleOf(kind: string, row: PortalRow, base: Record<string, unknown>): unknown {
  const value = extraValues[kind]?.[row.path] ?? getAt(base, canonicalPath(row.path));
  if (value === undefined) return undefined;
  if (row.type === 'string' && typeof value === 'number') return String(value);
  if ((row.type === 'number' || row.type === 'integer') && typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return value;
}

/** The literal verdict of the row's constraints on a value of its type. */
function portalAccepts(row: PortalRow, value: unknown): boolean {
  if (value === undefined) return !row.required;
  if (typeof value === 'string') {
    if (row.minLength !== undefined && value.length < row.minLength) return false;
    if (row.maxLength !== undefined && value.length > row.maxLength) return false;
    if (row.pattern !== undefined && !portalRegExp(row.pattern).test(value)) return false;
  }
  if (typeof value === 'number') {
    if (row.minimum !== undefined && value < row.minimum) return false;
    if (row.maximum !== undefined && value > row.maximum) return false;
    if (row.multipleOf !== undefined && decimalsOf(value) > decimalsOf(row.multipleOf)) return false;
  }
  if (row.enum !== undefined && !row.enum.includes(String(value))) return false;
  return true;
}

const decimalsOf = (n: number): number => (String(n).split('.')[1] ?? '').length;

interface Case {
  label: string;
  value: unknown;
}

const lengthOf = (sample: string, length: number): string =>
  sample.length >= length ? sample.slice(0, length) : sample + sample.repeat(length).slice(0, length - sample.length);

/** The boundary cases of a row around a sample the portal accepts. */
function casesOf(kind: string, row: PortalRow, sample: unknown): Case[] {
  const cases: Case[] = [{ label: 'left out', value: undefined }];
  if (sample !== undefined) cases.push({ label: `a value of the table's type (${row.type})`, value: sample });
  if (row.enum) {
    for (const member of row.enum) cases.push({ label: `enum member ${member}`, value: member });
    cases.push({ label: 'outside the enum', value: row.enum.every((m) => /^\d+$/.test(m)) ? '9' : 'Q' });
  }
  if (typeof sample === 'string') {
    const lengths: Array<[string, number | undefined]> = [
      ['at minLength', row.minLength],
      ['at maxLength', row.maxLength],
      ['below minLength', row.minLength === undefined ? undefined : row.minLength - 1],
      ['above maxLength', row.maxLength === undefined ? undefined : row.maxLength + 1],
    ];
    for (const [label, length] of lengths) {
      // An empty text is an absent field in an e-way bill request (the portal's own samples send ""), so
      // the empty case is the left-out case, and only for a required field does the table refuse both.
      if (length === undefined || length < 1) continue;
      cases.push({ label: `${label} (${length})`, value: lengthOf(sample, length) });
    }
  }
  if (row.pattern !== undefined && typeof sample === 'string') {
    cases.push(...patternCases(row.pattern, sample));
  }
  if (typeof sample === 'number' || row.type === 'number' || row.type === 'integer') {
    if (row.minimum !== undefined)
      cases.push({ label: `at minimum ${row.minimum}`, value: row.minimum }, { label: `below minimum (${row.minimum - 1})`, value: row.minimum - 1 });
    if (row.maximum !== undefined)
      cases.push({ label: `at maximum ${row.maximum}`, value: row.maximum }, { label: `above maximum (${row.maximum + 1})`, value: row.maximum + 1 });
    if (row.multipleOf !== undefined) {
      const places = decimalsOf(row.multipleOf);
      const within = Number(`12.${'3'.repeat(places)}`);
      const beyond = Number(`12.${'3'.repeat(places)}5`);
      cases.push({ label: `${places} decimals`, value: within }, { label: `${places + 1} decimals`, value: beyond });
    }
  }
  cases.push(...variantCases(kind, row.path));
  return cases;
}

/** A date and a GSTIN-shaped id each broken, and the readings the literal (unanchored, `|`) patterns allow. */
function patternCases(pattern: string, sample: string): Case[] {
  if (pattern.includes('/[0-1][0-9]/')) {
    return [
      { label: 'a year after 2029', value: '12/11/2030' },
      { label: 'a year before 2010', value: '31/12/2009' },
      { label: 'a date inside other text (the pattern is unanchored)', value: `on ${sample} by road` },
    ];
  }
  return [
    { label: 'letters where the two digits belong', value: `AB${sample.slice(2)}` },
    { label: 'a | inside the character class', value: `${sample.slice(0, 14)}|` },
    { label: 'the id inside longer text (the pattern is unanchored)', value: `X${sample}` },
  ];
}

/** Forms the schema copies differ on, each tried as the literal (majority) table reads it. */
function variantCases(kind: string, path: string): Case[] {
  if (kind !== 'ewb') return [];
  if (path === '/docType') return [{ label: 'CNT (in two copies)', value: 'CNT' }];
  if (path === '/fromGstin' || path === '/toGstin')
    return [
      { label: 'URP (newer copies)', value: 'URP' },
      { label: 'urp (one copy)', value: 'urp' },
    ];
  if (path === '/shipToGSTIN') return [{ label: 'URP', value: 'URP' }];
  return [];
}

/**
 * The cases where gstkit's schema-level verdict is not the literal table's, by table file, path and case
 * label. docs/portal-schemas.md ("E-way bill") lists each with the reason.
 */
const exceptions: Record<string, Record<string, string[]>> = {
  'ewaybill-generate.csv': {
    '/docType': ['CNT (in two copies)'],
    '/docDate': ['a date inside other text (the pattern is unanchored)'],
    '/fromGstin': ['URP (newer copies)', 'urp (one copy)', 'a | inside the character class'],
    '/toGstin': ['URP (newer copies)', 'urp (one copy)', 'a | inside the character class'],
    '/dispatchFromGSTIN': ['a | inside the character class'],
    '/shipToGSTIN': ['URP', 'a | inside the character class'],
    '/transporterId': ['a | inside the character class', 'the id inside longer text (the pattern is unanchored)'],
  },
  'ewaybill-update-partb.csv': {
    '/ewbNo': ['left out'],
    '/transDocDate': ['a date inside other text (the pattern is unanchored)'],
  },
  'ewaybill-consolidated.csv': {
    '/transDocDate': ['a date inside other text (the pattern is unanchored)'],
  },
  'ewaybill-extend-validity.csv': {
    '/transMode': ['left out'],
    '/transDocDate': ['a date inside other text (the pattern is unanchored)'],
  },
};

const tables: Array<{ file: string; kind: Kind; rows: number }> = [
  { file: 'ewaybill-generate.csv', kind: 'ewb', rows: 55 },
  { file: 'ewaybill-update-partb.csv', kind: 'update-vehicle', rows: 10 },
  { file: 'ewaybill-cancel.csv', kind: 'cancel-ewb', rows: 3 },
  { file: 'ewaybill-consolidated.csv', kind: 'consolidated-ewb', rows: 8 },
  { file: 'ewaybill-extend-validity.csv', kind: 'extend-validity', rows: 16 },
];

/** Whether gstkit's schema-level verdict refuses the field: an error at the field or inside it. */
function refused(kind: Kind, doc: Record<string, unknown>, path: string): boolean {
  const at = pointerOf(canonicalPath(path));
  return validate(kind, doc, { rules: false, today }).errors.some((e) => e.path === at || e.path.startsWith(`${at}/`));
}

describe.skipIf(!tablesPresent)('e-way bill requests against the EWB API schemas (ewaybill-*.csv)', () => {
  for (const { file, kind, rows: count } of tables) {
    describe(`${file} (${kind})`, () => {
      const rows = tablesPresent ? readPortalTable(file) : [];
      const listed = exceptions[file] ?? {};

      it(`has the ${count} rows it was compiled with, and the base ${kind} payload is valid`, () => {
        expect(rows).toHaveLength(count);
        expect(validate(kind, example(kind), { rules: false, today }).errors).toEqual([]);
      });

      it('every listed exception is a path and a case of the table', () => {
        for (const [path, labels] of Object.entries(listed)) {
          const row = rows.find((r) => r.path === path);
          expect(row, path).toBeDefined();
          const base = example(kind);
          const known = casesOf(kind, row!, sampleOf(kind, row!, base)).map((c) => c.label);
          for (const label of labels) expect(known, `${path}: ${label}`).toContain(label);
        }
      });

      for (const row of rows) {
        const base = example(kind);
        const sample = sampleOf(kind, row, base);
        for (const c of casesOf(kind, row, sample)) {
          const portal = portalAccepts(row, c.value);
          const excepted = listed[row.path]?.includes(c.label) === true;
          const verdict = (accepts: boolean): string => (accepts ? 'accepted' : 'refused');
          it(`${row.path}: ${c.label} is ${excepted ? `${verdict(!portal)} (exception; the table: ${verdict(portal)})` : verdict(portal)}`, () => {
            const doc = structuredClone(base);
            const other = canonicalPath(row.path);
            // A field the table spells otherwise is sent as the table spells it, and the reader maps it.
            if (other !== row.path) setAt(doc, other, undefined);
            setAt(doc, row.path, c.value);
            expect(refused(kind, doc, row.path)).toBe(excepted ? portal : !portal);
          });
        }
      }
    });
  }
});

describe('e-way bill requests: the portal schema boundaries that matter most (always run)', () => {
  it('every exception is listed in docs/portal-schemas.md, section "E-way bill"', () => {
    const docs = readFileSync(new URL('../../docs/portal-schemas.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('\n## E-way bill'));
    const table = section.slice(section.indexOf('### Exceptions'), section.indexOf('### The published files'));
    for (const [file, paths] of Object.entries(exceptions)) {
      for (const path of Object.keys(paths)) expect(table, `${file} ${path}`).toContain(`\`${path}\``);
    }
  });

  const ewb = (edit: (d: Record<string, any>) => void): Record<string, any> => {
    const d = example('ewb') as Record<string, any>;
    edit(d);
    return d;
  };
  const check = (kind: Kind, doc: Record<string, unknown>) => validate(kind, doc, { rules: false, today });
  const errorsAt = (kind: Kind, doc: Record<string, unknown>, at: string) =>
    check(kind, doc).errors.filter((e) => e.path === at || e.path.startsWith(`${at}/`));

  it('qtyUnit is exactly three characters; a unit in lower case is looked up whatever its case, with a warning', () => {
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.itemList[0].qtyUnit = 'KG')),
        '/itemList/0/qtyUnit',
      ),
    ).not.toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.itemList[0].qtyUnit = 'KGSS')),
        '/itemList/0/qtyUnit',
      ),
    ).not.toEqual([]);
    const lower = validate(
      'ewb',
      ewb((d) => (d.itemList[0].qtyUnit = 'kgs')),
      { today },
    );
    expect(lower.errors.filter((e) => e.path === '/itemList/0/qtyUnit')).toEqual([]);
    expect(lower.warnings.map((w) => `${w.code} ${w.path}`)).toContain('SVC-314 /itemList/0/qtyUnit');
  });

  it('vehicleNo takes 7 to 15 characters, without gstkit pattern of its own', () => {
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.vehicleNo = 'TN22C45')),
        '/vehicleNo',
      ),
    ).toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.vehicleNo = 'TN22C4')),
        '/vehicleNo',
      ),
    ).not.toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.vehicleNo = 'TN22CX4521ABCDE')),
        '/vehicleNo',
      ),
    ).toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.vehicleNo = 'TN22CX4521ABCDEF')),
        '/vehicleNo',
      ),
    ).not.toEqual([]);
    expect(errorsAt('update-vehicle', { ...example('update-vehicle'), vehicleNo: 'TN38BZ' }, '/vehicleNo')).not.toEqual([]);
  });

  it('totInvValue and transactionType are required (since API v1.03); transMode is not', () => {
    expect(
      errorsAt(
        'ewb',
        ewb((d) => delete d.totInvValue),
        '/totInvValue',
      ),
    ).not.toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => delete d.transactionType),
        '/transactionType',
      ),
    ).not.toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => delete d.transMode),
        '/transMode',
      ),
    ).toEqual([]);
  });

  it('amounts take two decimals and rates three, with no bound of size or sign; beyond Number(18,2) is a warning', () => {
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.totalValue = 79000.07)),
        '/totalValue',
      ),
    ).toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.totalValue = 79000.075)),
        '/totalValue',
      ),
    ).not.toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.otherValue = -125.5)),
        '/otherValue',
      ),
    ).toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.itemList[0].cgstRate = 2.125)),
        '/itemList/0/cgstRate',
      ),
    ).toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.itemList[0].cgstRate = 2.1255)),
        '/itemList/0/cgstRate',
      ),
    ).not.toEqual([]);
    const huge = validate(
      'ewb',
      ewb((d) => (d.cessValue = 12345678901234560)),
      { rules: true, today },
    );
    expect(huge.errors.filter((e) => e.path === '/cessValue')).toEqual([]);
    expect(huge.warnings.map((w) => `${w.code} ${w.path}`)).toContain('SVC-315 /cessValue');
    const strict = validate(
      'ewb',
      ewb((d) => (d.cessValue = 12345678901234560)),
      { rules: true, strict: true, today },
    );
    expect(strict.errors.map((e) => `${e.code} ${e.path}`)).toContain('SVC-315 /cessValue');
  });

  it('dates are DD/MM/YYYY in 2010-2029, whole (the unanchored pattern read as meant)', () => {
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.docDate = '12/11/2029')),
        '/docDate',
      ),
    ).toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.docDate = '12/11/2030')),
        '/docDate',
      ),
    ).not.toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.docDate = 'on 12/11/2026')),
        '/docDate',
      ),
    ).not.toEqual([]);
  });

  it('fromGstin and toGstin take a GSTIN or URP (newer schema copies), shipToGstin URP too', () => {
    for (const urp of ['URP', 'urp'])
      expect(
        errorsAt(
          'ewb',
          ewb((d) => (d.toGstin = urp)),
          '/toGstin',
        ),
      ).toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.toGstin = '33AAEFV6613B1Z')),
        '/toGstin',
      ),
    ).not.toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.shipToGstin = 'URP')),
        '/shipToGstin',
      ),
    ).toEqual([]);
  });

  it('the forms the schema copies and NIC samples write are read: CNT, text distance, a numeric HSN, other key spellings', () => {
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.docType = 'CNT')),
        '/docType',
      ),
    ).toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.transDistance = '505')),
        '/transDistance',
      ),
    ).toEqual([]);
    expect(
      errorsAt(
        'ewb',
        ewb((d) => (d.itemList[0].hsnCode = 73181500)),
        '/itemList/0/hsnCode',
      ),
    ).toEqual([]);
    const spelled = ewb((d) => {
      d.subSypplyDesc = d.subSupplyDesc;
      delete d.subSupplyDesc;
      d.itemList[0].cessNonAdvol = d.itemList[0].cessNonadvol;
      delete d.itemList[0].cessNonadvol;
      d.dispatchFromGSTIN = '33AAHCT2290K1Z6';
      d.dispatchFromTradeName = 'Thamirabarani Fasteners Depot';
      d.shipToGSTIN = '33AAEFV6613B1ZL';
      d.shipToTradeName = 'Vaigai Engineering Works Unit 2';
    });
    const read = check('ewb', spelled);
    expect(read.errors).toEqual([]);
    expect(read.warnings.filter((w) => w.code === 'SVC-112')).toEqual([]);
    expect(read.value).toMatchObject({
      subSupplyDesc: 'Sale against PO',
      dispatchFromGstin: '33AAHCT2290K1Z6',
      dispatchFromTrdName: 'Thamirabarani Fasteners Depot',
      shipToGstin: '33AAEFV6613B1ZL',
      shipToTrdName: 'Vaigai Engineering Works Unit 2',
    });
    const extend = { ...example('extend-validity') } as Record<string, unknown>;
    extend.TransMode = extend.transMode;
    delete extend.transMode;
    expect(check('extend-validity', extend).errors).toEqual([]);
  });

  it('cancelRmrk and consignmentStatus may be left out, as the schemas have it; the e-way bill number of a Part-B update may not', () => {
    const { cancelRmrk: _r, ...cancel } = example('cancel-ewb');
    expect(check('cancel-ewb', cancel).errors).toEqual([]);
    const { consignmentStatus: _s, ...extend } = example('extend-validity');
    expect(check('extend-validity', extend).errors).toEqual([]);
    const { ewbNo: _n, ...update } = example('update-vehicle');
    expect(errorsAt('update-vehicle', update, '/ewbNo')).not.toEqual([]);
  });
});
