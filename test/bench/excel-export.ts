/**
 * Excel export benchmark: bare exceljs streaming writer, the floor (sheet XML as strings, deflated at
 * level 1, no zip container) and gstkit's streaming writer, each in its own process so that peak RSS
 * is its own. Run: npx tsx test/bench/excel-export.ts [rows] [--only=exceljs|floor|gstkit]
 * Rows: 25 columns (10 text, 12 numbers, 3 dates), the same rows for every writer.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const here = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const child = args.indexOf('--child');

function row(i: number): Array<string | number | Date> {
  const out: Array<string | number | Date> = [];
  for (let c = 0; c < 10; c++) out.push(`S${c}-${i % 9973}-${(i * 31 + c) % 1000}`);
  for (let c = 0; c < 12; c++) out.push(((i * (c + 7)) % 1_000_000) / 100);
  for (let c = 0; c < 3; c++) out.push(new Date(Date.UTC(2024, (i + c) % 12, 1 + (i % 28))));
  return out;
}
function* rows(n: number): Generator<Array<string | number | Date>> {
  for (let i = 0; i < n; i++) yield row(i);
}

async function runExceljs(n: number, file: string): Promise<void> {
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
  const ws = wb.addWorksheet('Data');
  ws.columns = Array.from({ length: 25 }, (_, c) => ({ header: `C${c + 1}`, key: `c${c}`, width: 12 }));
  let i = 0;
  for (const r of rows(n)) {
    ws.addRow(r).commit();
    if (++i % 1024 === 0) await new Promise((res) => setImmediate(res));
  }
  ws.commit();
  await wb.commit();
}

async function runFloor(n: number, file: string): Promise<void> {
  const out = fs.createWriteStream(file);
  const deflate = zlib.createDeflateRaw({ level: 1 });
  deflate.pipe(out);
  const letters = Array.from({ length: 25 }, (_, c) => (c < 26 ? String.fromCharCode(65 + c) : 'A'));
  let buf = '<worksheet><sheetData>';
  let r = 1;
  for (const cells of rows(n)) {
    r++;
    buf += `<row r="${r}">`;
    for (let c = 0; c < 25; c++) {
      const v = cells[c]!;
      const ref = letters[c]! + r;
      if (typeof v === 'string') buf += `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
      else if (typeof v === 'number') buf += `<c r="${ref}" s="2"><v>${v}</v></c>`;
      else buf += `<c r="${ref}" s="3"><v>${v.getTime() / 86_400_000 + 25569}</v></c>`;
    }
    buf += '</row>';
    if (buf.length > 1 << 18) {
      if (!deflate.write(buf)) await new Promise((res) => deflate.once('drain', res));
      buf = '';
    }
  }
  deflate.end(buf + '</sheetData></worksheet>');
  await new Promise<void>((res) => out.on('finish', () => res()));
}

async function runGstkit(n: number, file: string): Promise<void> {
  const { XlsxStreamWriter } = await import('../../src/render/excel/xlsx-writer.js');
  const { streamSink } = await import('../../src/render/excel/zip.js');
  const w = new XlsxStreamWriter(streamSink(fs.createWriteStream(file)));
  const kinds = [...Array(10).fill('text'), ...Array(12).fill('amount'), ...Array(3).fill('date')] as Array<'text' | 'amount' | 'date'>;
  await w.addTable(
    'Data',
    kinds.map((kind, c) => ({ header: `C${c + 1}`, kind, width: 12 })),
    rows(n),
  );
  await w.finish();
}

if (child >= 0) {
  const mode = args[child + 1]!;
  const n = Number(args[child + 2]);
  const file = args[child + 3]!;
  const t0 = process.hrtime.bigint();
  const run = mode === 'exceljs' ? runExceljs : mode === 'floor' ? runFloor : runGstkit;
  await run(n, file);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const rssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ mode, seconds, rssMb, bytes: fs.statSync(file).size }) + '\n');
} else {
  const n = Number(args.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
  const only = args.find((a) => a.startsWith('--only='))?.slice(7);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gstkit-bench-'));
  console.log(`rows: ${n.toLocaleString('en-IN')} x 25 columns; node ${process.version}; ${os.cpus().length} cpus`);
  console.log('writer    seconds   peak RSS MB   file MB');
  const results: Record<string, { seconds: number; rssMb: number }> = {};
  for (const mode of ['floor', 'gstkit', 'exceljs']) {
    if (only && only !== mode) continue;
    const file = path.join(dir, `${mode}.${mode === 'floor' ? 'deflate' : 'xlsx'}`);
    const r = spawnSync(process.execPath, [...process.execArgv, here, '--child', mode, String(n), file], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    if (r.status !== 0) {
      console.log(`${mode}: failed\n${r.stderr}`);
      continue;
    }
    const res = JSON.parse(r.stdout.trim().split('\n').pop()!) as { seconds: number; rssMb: number; bytes: number };
    results[mode] = res;
    console.log(`${mode.padEnd(9)} ${res.seconds.toFixed(1).padStart(7)} ${res.rssMb.toFixed(0).padStart(13)} ${(res.bytes / 1e6).toFixed(1).padStart(9)}`);
    fs.rmSync(file, { force: true });
  }
  if (results.floor && results.gstkit) console.log(`gstkit / floor time: ${(results.gstkit.seconds / results.floor.seconds).toFixed(2)}x`);
  if (results.exceljs && results.gstkit) console.log(`exceljs / gstkit time: ${(results.exceljs.seconds / results.gstkit.seconds).toFixed(2)}x`);
  fs.rmSync(dir, { recursive: true, force: true });
}
