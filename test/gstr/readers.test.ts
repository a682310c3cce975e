import { describe, expect, it } from 'vitest';
import { readGstr2a, readGstr2b, readGstr3b } from '../../src/gstr/index.js';
import { createSandboxGstPortal } from '../../src/sandbox/gst-portal/index.js';
import { GSTIN_A } from './helpers.js';

const portal = createSandboxGstPortal({ connectedGstins: [GSTIN_A], syntheticDocumentsPerPeriod: 300, seed: 't' });

async function fetch(rt: 'gstr2a' | 'gstr2b' | 'gstr3b', period: string): Promise<unknown> {
  const r = await portal.fetchReturn(GSTIN_A, rt, period);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

const r2 = (n: number): number => Math.round(n * 100) / 100;

describe('GSTR readers on sandbox returns', () => {
  it('reads GSTR-2A back into the documents the sandbox generated, line for line', async () => {
    const json = await fetch('gstr2a', '2024-05');
    const res = readGstr2a(json);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const model = portal.documents(GSTIN_A, '2024-05');
    expect(res.value.documents.length).toBe(model.length);
    expect(res.value.warnings).toEqual([]);
    const byNumber = new Map(res.value.documents.map((d) => [`${d.section}|${d.number}`, d]));
    for (const m of model) {
      const d = byNumber.get(`${m.section}|${m.number}`);
      expect(d, m.number).toBeDefined();
      if (m.section === 'B2B' || m.section === 'B2BA' || m.section === 'CDNR') {
        expect(d!.rateBasis).toBe('line');
        expect(d!.lines.map((l) => [l.rate, l.taxable, l.igst, l.cgst, l.sgst, l.cess])).toEqual(
          m.lines.map((l) => [l.rate, l.taxable, l.igst, l.cgst, l.sgst, l.cess]),
        );
      } else {
        expect(d!.rateBasis).toBe('document');
        expect(r2(d!.lines[0]!.igst)).toBe(r2(m.lines.reduce((s, l) => s + l.igst, 0)));
      }
      if (m.section !== 'IMPG') expect(d!.supplierGstin).toBe(m.supplierGstin);
      expect(d!.date).toBeInstanceOf(Date);
    }
    const sections = new Set(res.value.documents.map((d) => d.section));
    for (const s of ['B2B', 'B2BA', 'CDNR', 'ISD', 'IMPG']) expect(sections.has(s as never), s).toBe(true);
  });

  it('reads a pre-IMS GSTR-2B with rate lines and an IMS-era one with document totals and rejections', async () => {
    const old = readGstr2b(await fetch('gstr2b', '2024-06'));
    const ims = readGstr2b(await fetch('gstr2b', '2024-11'));
    expect(old.ok && ims.ok).toBe(true);
    if (!old.ok || !ims.ok) return;
    expect(old.value.documents.some((d) => d.rateBasis === 'line')).toBe(true);
    expect(old.value.documents.every((d) => d.imsStatus === undefined)).toBe(true);
    expect(ims.value.documents.every((d) => d.rateBasis === 'document')).toBe(true);
    expect(ims.value.documents.some((d) => d.imsStatus === 'Rejected' && d.part === 'rejected')).toBe(true);
    expect(ims.value.documents.some((d) => d.imsStatus === 'Accepted')).toBe(true);
    expect(ims.value.generatedOn?.toISOString().slice(0, 10)).toBe('2024-12-14');
    expect(ims.value.itcSummary.some((r) => r.block === 'itcavl' && r.group === 'nonrevsup' && r.section === 'b2b')).toBe(true);
    expect(ims.value.documents.length).toBe(portal.documents(GSTIN_A, '2024-11').length);
  });

  it('reads GSTR-3B into every table row and ties 4(C) to 4(A) less 4(B)', async () => {
    const res = readGstr3b(await fetch('gstr3b', '2024-11'));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const row = (t: string, c: string) => res.value.rows.find((r) => r.table === t && r.code === c)!;
    for (const [t, c] of [
      ['3.1', '(a)'],
      ['3.1', '(e)'],
      ['3.1.1', '(ii)'],
      ['4', 'A(5)'],
      ['4', 'D(2)'],
      ['5', 'NONGST'],
      ['5.1', 'Late fee'],
    ]) {
      expect(row(t!, c!), `${t} ${c}`).toBeDefined();
    }
    const a = ['A(1)', 'A(2)', 'A(3)', 'A(4)', 'A(5)'].reduce((s, c) => s + row('4', c).igst!, 0);
    const b = ['B(1)', 'B(2)'].reduce((s, c) => s + row('4', c).igst!, 0);
    expect(r2(a - b)).toBe(r2(row('4', 'C').igst!));
    expect(res.value.payments.map((p) => p.transactionType)).toEqual(['30002', '30003']);
    const p = res.value.payments[0]!;
    expect(r2(p.paidThroughItc.igstFromIgst + p.paidThroughItc.igstFromCgst + p.paidThroughItc.igstFromSgst + p.paidInCash.igst.tax)).toBe(p.payable.igst.tax);
  });

  it('gives the same data for the same GSTIN and period every time', async () => {
    const a = JSON.stringify(await fetch('gstr2b', '2023-03'));
    const other = createSandboxGstPortal({ connectedGstins: [GSTIN_A], syntheticDocumentsPerPeriod: 300, seed: 't' });
    const b = await other.fetchReturn(GSTIN_A, 'gstr2b', '2023-03');
    expect(b.ok && JSON.stringify(b.value)).toBe(a);
  });

  it('keeps what it knows of a file with unknown sections and warns', () => {
    const res = readGstr2a({
      gstin: GSTIN_A,
      fp: '042024',
      b2b: [{ ctin: '29AAACB2894G1ZJ', inv: [{ inum: 'A-1', idt: '05-04-2024', val: 118, itms: [{ num: 1, itm_det: { rt: 18, txval: 100, iamt: 18 } }] }] }],
      ecomx: [{ anything: 1 }],
    });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value.documents).toHaveLength(1);
    expect(res.value.documents[0]!.date?.toISOString().slice(0, 10)).toBe('2024-04-05');
    expect(res.value.warnings).toEqual([expect.objectContaining({ code: 'SVC-606', path: '/ecomx', severity: 'warning' })]);
  });

  it('reports malformed files with coded errors and JSON pointers, never throwing', () => {
    expect(readGstr2b('{not json')).toMatchObject({ ok: false, errors: [{ code: 'SVC-601', path: '' }] });
    expect(readGstr2b([1, 2])).toMatchObject({ ok: false, errors: [{ code: 'SVC-601' }] });
    const bad = readGstr2b({
      data: {
        gstin: GSTIN_A,
        rtnprd: '112024',
        docdata: {
          b2b: [{ ctin: '29AAACB2894G1ZJ', inv: [{ dt: '31-02-2024', txval: 'ten', igst: 1 }] }],
          cdnr: { not: 'a list' },
        },
      },
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const found = bad.errors.map((e) => [e.code, e.path]);
    expect(found).toContainEqual(['SVC-603', '/data/docdata/b2b/0/inv/0/inum']);
    expect(found).toContainEqual(['SVC-605', '/data/docdata/b2b/0/inv/0/dt']);
    expect(found).toContainEqual(['SVC-604', '/data/docdata/b2b/0/inv/0/txval']);
    expect(found).toContainEqual(['SVC-602', '/data/docdata/cdnr']);
    expect(readGstr3b({ ret_period: '132024' })).toMatchObject({ ok: false, errors: [{ code: 'SVC-607' }, { code: 'SVC-607' }] });
  });

  // The bound is a ratio of this process's CPU time against a floor measured here (a tenth of the documents), not a
  // wall-clock limit: other processes on a loaded machine slow the wall clock, not the CPU time this work costs.
  // Work that grows linearly costs about 10 times the floor; growth with the square would cost about 100 times.
  it('generates and reads hundreds of thousands of documents for a period, at a cost that grows linearly', async () => {
    const cpuMsOf = async (documents: number): Promise<number> => {
      const portal = createSandboxGstPortal({ connectedGstins: [GSTIN_A], syntheticDocumentsPerPeriod: documents });
      const before = process.cpuUsage();
      const r = await portal.fetchReturn(GSTIN_A, 'gstr2b', '2025-01');
      expect(r.ok).toBe(true);
      const read = r.ok ? readGstr2b(r.value) : undefined;
      expect(read?.ok && read.value.documents.length).toBe(documents);
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    await cpuMsOf(2_000); // warms the code paths, so the floor measures the work, not compilation
    const floor = await cpuMsOf(20_000);
    const big = await cpuMsOf(200_000);
    expect(big / floor, `200,000 documents took ${big.toFixed(0)} ms of CPU, 20,000 took ${floor.toFixed(0)} ms`).toBeLessThan(40);
  }, 300_000);
});
