import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGstr2b } from '../../src/gstr/index.js';
import { countReturnDocuments } from '../../src/gstr/count-documents.js';
import { sectionCounts } from '../../src/gstr/gstr2b-sections.js';

const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

/**
 * gstr2b-v4-all-sections.json holds every section of a schema-4 GSTR-2B, an ITC-reversal list in both
 * the statement and the IMS-rejected block, and one section no reader knows (`futuresec`, three
 * invoices). The numbers below are counted by hand from the file.
 */
const ALL = fixture('gstr2b-v4-all-sections.json');

describe('GSTR-2B of schema 4: every document of every section is counted and read', () => {
  it('counts the documents of each section, reversal lists and unknown sections included', () => {
    const rows = sectionCounts(ALL).map((s) => `${s.block}${s.reversal ? '/itcrev' : ''}/${s.section}${s.known ? '' : '?'} ${s.documents}`);
    expect(rows.sort()).toEqual(
      [
        'docdata/b2b 3',
        'docdata/b2ba 1',
        'docdata/cdnr 2',
        'docdata/cdnra 1',
        'docdata/ecom 1',
        'docdata/ecoma 1',
        'docdata/isd 2',
        'docdata/isda 1',
        'docdata/impg 2',
        'docdata/impgsez 2',
        'docdata/itcrev/b2b 2',
        'docdata/itcrev/cdnr 1',
        'docdata/itcrev/b2ba 1',
        'docdata/itcrev/cdnra 1',
        'docdata/futuresec? 3',
        'docRejdata/b2b 1',
        'docRejdata/cdnr 1',
        'docRejdata/ecom 1',
        'docRejdata/itcrev/b2b 2',
      ].sort(),
    );
    expect(countReturnDocuments('gstr2b', ALL)).toBe(29);
  });

  it("reads every document of the known sections, the rejected block's reversal list included", () => {
    const res = readGstr2b(ALL);
    if (!res.ok) throw new Error(JSON.stringify(res.errors));
    const bySection: Record<string, number> = {};
    for (const d of res.value.documents) bySection[`${d.section}/${d.part}`] = (bySection[`${d.section}/${d.part}`] ?? 0) + 1;
    expect(bySection).toEqual({
      'B2B/statement': 3,
      'B2BA/statement': 1,
      'CDNR/statement': 2,
      'CDNRA/statement': 1,
      'ECO/statement': 1,
      'ECOA/statement': 1,
      'ISD/statement': 2,
      'ISDA/statement': 1,
      'IMPG/statement': 2,
      'IMPGSEZ/statement': 2,
      'B2B/reversal': 2,
      'CDNR/reversal': 1,
      'B2BA/reversal': 1,
      'CDNRA/reversal': 1,
      'B2B/rejected': 3,
      'CDNR/rejected': 1,
      'ECO/rejected': 1,
    });
    // A reversal document the recipient rejected in IMS stays rejected.
    const rejectedReversal = res.value.documents.filter((d) => d.number.startsWith('REJREV'));
    expect(rejectedReversal.map((d) => [d.part, d.imsStatus])).toEqual([
      ['rejected', 'Rejected'],
      ['rejected', 'Rejected'],
    ]);
  });

  it('reports a section it does not know with the number of documents it skipped', () => {
    const res = readGstr2b(ALL);
    if (!res.ok) throw new Error('not read');
    const warning = res.value.warnings.find((w) => w.path === '/data/docdata/futuresec');
    expect(warning?.code).toBe('SVC-606');
    expect(warning?.message).toContain('3 documents were skipped');
    // What was read plus what was reported skipped is what the count promised.
    expect(res.value.documents.length + 3).toBe(countReturnDocuments('gstr2b', ALL));
  });

  it('agrees with the reader on supplier entries without documents and on the older IMS fixture', () => {
    const file = {
      data: { gstin: '27AAPFU0939F1ZV', rtnprd: '112025', docdata: { b2b: [{ ctin: '29AAACB2894G1ZJ' }], cdnr: [{ ctin: '29AAACB2894G1ZJ', nt: [] }] } },
    };
    const res = readGstr2b(file);
    expect(res.ok && res.value.documents.length).toBe(0);
    expect(countReturnDocuments('gstr2b', file)).toBe(0);

    const ims = fixture('gstr2b-v4-ims.json');
    const read = readGstr2b(ims);
    expect(read.ok && read.value.documents.length).toBe(countReturnDocuments('gstr2b', ims));
  });

  it('reads an ITC-reversal list sent as a single object as one holder', () => {
    const file = {
      data: {
        gstin: '27AAPFU0939F1ZV',
        rtnprd: '112025',
        docdata: { itcrev: { b2b: [{ ctin: '29AAACB2894G1ZJ', inv: [{ inum: 'R-1', dt: '01-11-2025', txval: 1, igst: 0, cgst: 0, sgst: 0, cess: 0 }] }] } },
      },
    };
    const res = readGstr2b(file);
    if (!res.ok) throw new Error('not read');
    expect(res.value.documents.map((d) => `${d.section}/${d.part}/${d.number}`)).toEqual(['B2B/reversal/R-1']);
    expect(countReturnDocuments('gstr2b', file)).toBe(1);
  });
});
