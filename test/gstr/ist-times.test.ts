/** The workbook shows the instants a person reads (generated, pulled) in India Standard Time. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readGstr3b } from '../../src/gstr/index.js';
import { writeGstr3bReport, writeInwardReport } from '../../src/gstr/report.js';
import { memorySink } from '../../src/render/excel/zip.js';
import { readWorkbook } from './helpers.js';

/** The value beside a label in a sheet's first columns. */
function beside(rows: unknown[][], label: string): unknown {
  return rows.find((row) => row?.[0] === label)?.[1];
}

describe('date-times in the GSTR workbooks', () => {
  // 05:30 UTC is 11:00 in India; 20:00 UTC on the 14th is 01:30 on the 15th in India.
  const generatedAt = new Date('2026-11-14T05:30:00Z');
  const pulledAt = '2026-11-14T20:00:00Z';

  it('writes "Generated at (IST)" and the pull time of each source as India reads them', async () => {
    const sink = memorySink();
    await writeInwardReport(sink, [{ gstin: '29AAGCK4821M1Z4', period: '2026-10', pulledAt }], { returnType: 'gstr2b', reportType: 100, generatedAt });
    const [header] = await readWorkbook(sink.bytes());
    // Excel keeps no zone: the reader hands the wall clock back as a UTC date.
    expect((beside(header!.rows, 'Generated at (IST)') as Date).toISOString()).toBe('2026-11-14T11:00:00.000Z');
    const source = header!.rows.find((row) => row?.[0] === '29AAGCK4821M1Z4')!;
    expect((source[3] as Date).toISOString()).toBe('2026-11-15T01:30:00.000Z');
  });

  it('does the same in the GSTR-3B workbook', async () => {
    const sink = memorySink();
    const read = readGstr3b(JSON.parse(readFileSync(new URL('./fixtures/gstr3b-retsum.json', import.meta.url), 'utf8')));
    if (!read.ok) throw new Error(read.errors.map((e) => e.message).join('; '));
    await writeGstr3bReport(sink, read.value, { pulledAt, generatedAt });
    const sheets = await readWorkbook(sink.bytes());
    const rows = sheets.flatMap((s) => s.rows);
    expect((beside(rows, 'Generated at (IST)') as Date).toISOString()).toBe('2026-11-14T11:00:00.000Z');
    expect((beside(rows, 'Pulled at (IST)') as Date).toISOString()).toBe('2026-11-15T01:30:00.000Z');
  });
});
