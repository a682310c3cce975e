import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGstr2a, readGstr2b, readGstr3b } from '../../src/gstr/index.js';
import { imsPendingLimit } from '../../src/gstr/ims.js';
import { gstr3bRowSource, isGstr3bTimeBarred } from '../../src/gstr/gstr3b-periods.js';
import { writeGstr3bReport, writeInwardReport } from '../../src/gstr/report.js';
import { memorySink } from '../../src/render/excel/zip.js';
import type { InwardDocument } from '../../src/gstr/types.js';
import { readWorkbook } from './helpers.js';

const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('GSTR-2B of the IMS era (schema 4.0 and later)', () => {
  const res = readGstr2b(fixture('gstr2b-v4-ims.json'));

  it('reads the whole file without refusing it, warning about what it does not know', () => {
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value.gstin).toBe('27AAPFU0939F1ZV');
    expect(res.value.version).toBe('4.0');
    const sections = res.value.documents.map((d) => `${d.section}/${d.part}`);
    expect(sections.sort()).toEqual(['B2B/rejected', 'B2B/reversal', 'B2B/statement', 'CDNR/statement', 'ECOA/statement']);
    const warned = res.value.warnings.map((w) => `${w.code} ${w.path}`);
    // An unknown document key is named once per section, not once per document.
    expect(warned).toContain('SVC-606 /data/docdata/b2b/0/inv/0/futureFlag');
    expect(warned).toContain('SVC-606 /data/docdata/cdnr/0/nt/0/futureFlag');
    expect(warned).toContain('SVC-606 /data/itcsumm/notes');
    // The ECO amendment without its original number still reads; the missing link is a warning.
    expect(warned).toContain('SVC-603 /data/docdata/ecoma/0/inv/0/oinum');
    expect(res.value.warnings.every((w) => w.severity === 'warning')).toBe(true);
  });

  it('reads the IMS action, the ITC reduction and the original-invoice reference of each document', () => {
    if (!res.ok) throw new Error('not read');
    const doc = (n: string) => res.value.documents.find((d) => d.number === n)!;
    expect(doc('BS/25-26/0042')).toMatchObject({ imsStatus: 'Accepted', imsStatusSource: 'file', sourceForm: 'GSTR1A' });
    expect(doc('CN-7')).toMatchObject({
      kind: 'Credit Note',
      imsStatus: 'Pending',
      imsStatusSource: 'file',
      imsPendingUntil: '2025-12',
      imsPendingLimit: 'always',
      originalNumber: 'BS/25-26/0042',
      itcReduction: { required: 'P', igst: 90, cgst: 0, sgst: 0, cess: 0 },
      imsRemarks: 'half the goods came back',
    });
    expect(doc('BS/25-26/0050')).toMatchObject({ part: 'rejected', imsStatus: 'Rejected' });
    expect(doc('E-9')).toMatchObject({ section: 'ECOA', imsStatus: 'Accepted', imsStatusSource: 'derived', imsPendingLimit: 'if-itc-lowered' });
  });

  it('shows the IMS action and the ITC reduction in the 2B reports', async () => {
    if (!res.ok) throw new Error('not read');
    for (const reportType of [100, 101] as const) {
      const sink = memorySink();
      await writeInwardReport(sink, [{ gstin: res.value.gstin, period: res.value.period, pulledAt: '2025-12-15T00:00:00Z', load: async () => res.value }], {
        returnType: 'gstr2b',
        reportType,
        generatedAt: new Date('2025-12-15T00:00:00Z'),
      });
      const sheets = await readWorkbook(sink.bytes());
      const [header, ...rows] = sheets[1]!.rows as unknown[][];
      const col = (h: string) => (header as string[]).indexOf(h);
      const cn = rows.find((r) => r[col('Document number')] === 'CN-7')!;
      expect(cn[col('IMS status')]).toBe('Pending');
      expect(cn[col('IMS pending until (GSTR-3B of)')]).toBe('2025-12');
      expect(cn[col('IMS pending limit')]).toBe('one period');
      expect(cn[col('ITC reduction IGST')]).toBe(90);
      expect(cn[col('IMS remarks')]).toBe('half the goods came back');
      expect(rows.find((r) => r[col('Document number')] === 'BS/25-26/0050')![col('IMS status')]).toBe('Rejected');
    }
  });

  it('applies the one-period limit on Pending from the October 2025 period, not before', () => {
    const note = { section: 'CDNR', kind: 'Credit Note', imsStatus: 'Pending', imsStatusSource: 'file' } as InwardDocument;
    expect(imsPendingLimit(note, '2025-09')).toBeUndefined();
    expect(imsPendingLimit(note, '2025-10')).toEqual({ until: '2025-11', when: 'always' });
    expect(imsPendingLimit(note, '2025-12')).toEqual({ until: '2026-01', when: 'always' });
    const invoice = { ...note, section: 'B2B', kind: 'Invoice' } as InwardDocument;
    expect(imsPendingLimit(invoice, '2025-11')).toBeUndefined();
    expect(imsPendingLimit({ ...note, imsStatus: 'Rejected' }, '2025-11')).toBeUndefined();
  });
});

describe('GSTN sample forms of each schema version', () => {
  it('reads the item-level GSTR-2B (before IMS) with rate lines, ISD and imports', () => {
    const res = readGstr2b(fixture('gstr2b-v1-items.json'));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value.warnings).toEqual([]);
    const inv = res.value.documents.find((d) => d.number === '0042')!;
    expect(inv.rateBasis).toBe('line');
    expect(inv.lines.map((l) => l.rate)).toEqual([18, 5]);
    expect(inv.imsStatus).toBeUndefined();
    expect(res.value.documents.map((d) => d.section).sort()).toEqual(['B2B', 'IMPG', 'ISD']);
  });

  it('reads the merged GSTR-2A with amendments, old-style CDN, ISD and imports with a numeric BoE number', () => {
    const res = readGstr2a(fixture('gstr2a-merged.json'));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value.documents.map((d) => d.section).sort()).toEqual(['B2B', 'B2BA', 'CDNR', 'IMPG', 'ISD']);
    // The B2BA without oinum reads, with a warning.
    expect(res.value.warnings.map((w) => w.code)).toEqual(['SVC-603']);
    expect(res.value.documents.find((d) => d.section === 'IMPG')!.number).toBe('2566282');
  });

  it('reads the GSTR-3B offline-tool JSON with negative Table 4 values (API 3.1) and a numeric place of supply', () => {
    const res = readGstr3b(fixture('gstr3b-offline.json'));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const row = (t: string, c: string) => res.value.rows.find((r) => r.table === t && r.code === c)!;
    expect(row('4', 'B(2)').igst).toBe(-200);
    expect(row('4', 'D(2)').igst).toBe(-50);
    expect(res.value.rows.find((r) => r.table === '3.2')).toMatchObject({ placeOfSupply: '29', taxable: 5000 });
  });

  it('reads the GSTR-3B RETSUM answer with string amounts, a one-object pditc and blocks it does not know', () => {
    const res = readGstr3b(fixture('gstr3b-retsum.json'));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value.period).toBe('2024-11');
    expect(res.value.rows.find((r) => r.table === '3.1' && r.code === '(a)')!.igst).toBe(450.09);
    expect(res.value.payments[0]!.paidThroughItc.igstFromIgst).toBe(100);
    expect(res.value.warnings.map((w) => w.path)).toEqual(['/data/r3bautopop']);
  });
});

describe('GSTR-3B tables the portal fills and locks, and the three-year bar', () => {
  it('locks table 3.2 from the April 2025 period', () => {
    expect(gstr3bRowSource('3.2', 'unreg', '2025-03')).toMatchObject({ locked: false });
    expect(gstr3bRowSource('3.2', 'unreg', '2025-04')).toMatchObject({ locked: true });
  });

  it('hard-locks the liability from GSTR-1 from the July 2025 period; Table 4 stays editable', () => {
    expect(gstr3bRowSource('3.1', '(a)', '2025-06')).toMatchObject({ source: 'GSTR-1/1A/IFF', locked: false });
    expect(gstr3bRowSource('3.1', '(a)', '2025-07')).toMatchObject({ source: 'GSTR-1/1A/IFF', locked: true });
    expect(gstr3bRowSource('3.1.1', '(ii)', '2025-07')).toMatchObject({ locked: true });
    expect(gstr3bRowSource('3.1', '(d)', '2025-07')).toMatchObject({ source: 'GSTR-2B', locked: false });
    expect(gstr3bRowSource('4', 'A(5)', '2025-07')).toMatchObject({ source: 'GSTR-2B', locked: false });
    expect(gstr3bRowSource('5.1', 'Interest', '2025-07')).toBeUndefined();
  });

  it('flags a return time-barred the day after three years from its due date', () => {
    // June 2022: due 20 July 2022, last day 20 July 2025.
    expect(isGstr3bTimeBarred('2022-06', new Date('2025-07-20T12:00:00Z'))).toBe(false);
    expect(isGstr3bTimeBarred('2022-06', new Date('2025-07-21T00:00:00Z'))).toBe(true);
    // The portal enforces the bar from July 2025: older returns were still accepted before.
    expect(isGstr3bTimeBarred('2021-01', new Date('2025-06-30T00:00:00Z'))).toBe(false);
    expect(isGstr3bTimeBarred('2021-01', new Date('2025-07-01T00:00:00Z'))).toBe(true);
  });

  it('marks the locked rows and the time bar in the 3B export', async () => {
    const read = readGstr3b(fixture('gstr3b-offline.json'));
    if (!read.ok) throw new Error('not read');
    const book = async (period: string, at: string) => {
      const sink = memorySink();
      await writeGstr3bReport(sink, { ...read.value, period }, { generatedAt: new Date(at) });
      return readWorkbook(sink.bytes());
    };
    const late = await book('2022-06', '2025-08-01T00:00:00Z');
    const text = (s: { rows: unknown[][] }) => s.rows.map((r) => (r ?? []).join('|')).join('\n');
    expect(text(late[0]!)).toContain('Time-barred|yes');
    expect(text(late[1]!)).toContain('auto-populated from GSTR-1/IFF, editable');
    const locked = await book('2025-08', '2025-09-01T00:00:00Z');
    expect(text(locked[0]!)).toContain('Time-barred|no');
    const rows = locked[1]!.rows.map((r) => (r ?? []) as unknown[]);
    expect(rows.find((r) => r[0] === '(a)')!.at(-1)).toBe('auto-populated from GSTR-1/1A/IFF, locked (correct through GSTR-1A)');
    expect(rows.find((r) => String(r[0]).startsWith('29'))!.at(-1)).toBe('auto-populated from GSTR-1/1A/IFF, locked');
  });
});
