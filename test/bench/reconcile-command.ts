/**
 * `gstkit reconcile` as a command at scale: for each N (default 10,000, 100,000 and 1,000,000; or
 * `BENCH_SIZES=10000,100000`), writes a purchase register CSV of N rows and a GSTR-2B JSON file of N
 * documents (the mix of test/bench/reconcile-bench.ts: exact, reformatted numbers, within tolerance,
 * mismatched, under another number, missing on either side, and contended pairs), then runs the command
 * in a child process and prints its wall time, CPU time, peak RSS and cost per row. Beside it, in the same
 * run and on the same files, the floor: a child process that reads both files whole and parses them
 * plainly (JSON.parse of the 2B, a split of the CSV into lines and fields), which any reader must match.
 * Run: npx tsx test/bench/reconcile-command.ts   (or BENCH_SIZES=10000 for a quick pass; BENCH_WRITE_ONLY=DIR
 * writes the files there and runs nothing, to profile the command on them)
 * @module
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const SUPPLIERS = Array.from({ length: 2_000 }, (_, i) => `${String(10 + (i % 27)).padStart(2, '0')}AAACB${String(1000 + i).padStart(4, '0')}C1Z${i % 10}`);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = path.join(root, 'src/cli.ts');
const readOnce = path.join(root, 'test/bench/reconcile-read-2b.ts');
/** Room for the command's heap at the largest size: the peak RSS printed is what it used, not this limit. */
const HEAP_MB = 8192;

interface Doc2b {
  gstin: string;
  number: string;
  day: number;
  taxable: number;
  igst: number;
  note: boolean;
}

const ddmmyyyy = (day: number): string => `${String(day).padStart(2, '0')}-11-2025`;
const money = (n: number): string => String(Math.round(n * 100) / 100);

/** Writes text through a stream, waiting when its buffer is full, so a million rows never sit in memory at once. */
async function writeAll(file: string, produce: (put: (text: string) => Promise<void>) => Promise<void>): Promise<void> {
  const out = createWriteStream(file);
  let pending = '';
  const put = async (text: string): Promise<void> => {
    pending += text;
    if (pending.length < 1 << 16) return;
    const ok = out.write(pending);
    pending = '';
    if (!ok) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  await produce(put);
  out.end(pending);
  await new Promise<void>((resolve, reject) => {
    out.once('finish', () => resolve());
    out.once('error', reject);
  });
}

/** The purchase register and the 2B documents of size N, written to `dir`. */
async function writeInputs(count: number, dir: string): Promise<{ csv: string; json: string }> {
  const csv = path.join(dir, `purchases-${count}.csv`);
  const json = path.join(dir, `gstr2b-${count}.json`);
  // 2B documents grouped by supplier, as GSTN groups them; held as small records until written.
  const bySupplier = new Map<string, Doc2b[]>();
  const add = (d: Doc2b): void => {
    const list = bySupplier.get(d.gstin);
    if (list) list.push(d);
    else bySupplier.set(d.gstin, [d]);
  };
  let docs = 0;
  await writeAll(csv, async (put) => {
    await put('supplier_gstin,doc_type,doc_no,doc_date,taxable_value,igst,cgst,sgst,cess\n');
    for (let i = 0; i < count; i++) {
      const gstin = SUPPLIERS[i % SUPPLIERS.length]!;
      const day = 1 + (i % 28);
      const taxable = 1000 + (i % 997) * 10;
      const igst = Math.round(taxable * 18) / 100;
      const note = i % 20 === 7;
      const no = `INV/25-26/${String(i).padStart(6, '0')}`;
      await put(`${gstin},${note ? 'CRN' : 'INV'},${no},${ddmmyyyy(day)},${money(taxable)},${money(igst)},0,0,0\n`);
      const bucket = i % 100;
      // 70 exact, 10 number format, 8 within tolerance, 5 mismatched, 4 under another number, 3 missing in 2B.
      if (bucket >= 97) continue;
      const number = bucket < 70 ? no : bucket < 80 ? `inv-${i}` : bucket < 93 ? no : `PO${i}`;
      const t = bucket >= 80 && bucket < 88 ? taxable + 0.5 : bucket >= 88 && bucket < 93 ? taxable + 250 : taxable;
      add({ gstin, number, day, taxable: t, igst, note });
      docs++;
    }
    // Contention, one supplier in 100: two purchases and two 2B documents under other numbers.
    for (let i = 50; i < count; i += 100) {
      const gstin = SUPPLIERS[i % SUPPLIERS.length]!;
      const day = 1 + (i % 28);
      const t = 5000 + (i % 97);
      await put(`${gstin},INV,Q${i}A,${ddmmyyyy(day)},${money(t)},0,0,0,0\n${gstin},INV,Q${i}B,${ddmmyyyy(day)},${money(t + 1.2)},0,0,0,0\n`);
      add({ gstin, number: `R${i}A`, day, taxable: t + 0.3, igst: 0, note: false });
      add({ gstin, number: `R${i}B`, day, taxable: t - 0.9, igst: 0, note: false });
      docs += 2;
    }
  });
  // Documents only in 2B, up to N.
  for (let i = 0; docs < count; i++, docs++)
    add({ gstin: SUPPLIERS[i % SUPPLIERS.length]!, number: `X-${i}`, day: 1 + (i % 28), taxable: 77, igst: 13.86, note: false });

  const amounts = (d: Doc2b): string => `"val":${money(d.taxable + d.igst)},"txval":${money(d.taxable)},"igst":${money(d.igst)},"cgst":0,"sgst":0,"cess":0`;
  await writeAll(json, async (put) => {
    await put('{"chksum":"bench","data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"112025","version":"1.0","gendt":"14-12-2025","docdata":{');
    for (const [key, note] of [
      ['b2b', false],
      ['cdnr', true],
    ] as const) {
      await put(`"${key}":[`);
      let firstSupplier = true;
      for (const [gstin, list] of bySupplier) {
        const mine = list.filter((d) => d.note === note);
        if (mine.length === 0) continue;
        await put(
          `${firstSupplier ? '' : ','}{"ctin":"${gstin}","trdnm":"Supplier ${gstin.slice(6, 10)}","supfildt":"11-12-2025","supprd":"112025","${note ? 'nt' : 'inv'}":[`,
        );
        firstSupplier = false;
        for (let k = 0; k < mine.length; k++) {
          const d = mine[k]!;
          const head = note
            ? `"ntnum":"${d.number}","typ":"C","suptyp":"R","dt":"${ddmmyyyy(d.day)}"`
            : `"inum":"${d.number}","typ":"R","dt":"${ddmmyyyy(d.day)}"`;
          await put(`${k === 0 ? '' : ','}{${head},${amounts(d)},"pos":"27","rev":"N","itcavl":"Y","rsn":"","diffprcnt":1,"srctyp":"e-Invoice"}`);
        }
        await put(']}');
      }
      await put(note ? ']' : '],');
    }
    await put('}}}\n');
  });
  return { csv, json };
}

/** The floor, run as its own process: read both files whole and parse them plainly. */
const FLOOR = `
const { readFileSync } = require('node:fs');
const [csvFile, jsonFile] = process.argv.slice(1);
const lines = readFileSync(csvFile, 'utf8').split('\\n');
let fields = 0;
for (const line of lines) fields += line.split(',').length;
const doc = JSON.parse(readFileSync(jsonFile, 'utf8'));
let documents = 0;
for (const key of ['b2b', 'cdnr']) for (const s of doc.data.docdata[key] ?? []) documents += (s.inv ?? s.nt).length;
const u = process.resourceUsage();
process.stderr.write(JSON.stringify({ fields, documents, maxRssKb: u.maxRSS, cpuMs: Math.round((u.userCPUTime + u.systemCPUTime) / 1000) }) + '\\n');
`;

/** The child's peak RSS comes from its own resource usage, printed on stderr by a preload. */
const RSS_REPORT = `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\nmaxRssKb=' + u.maxRSS + ' cpuMs=' + Math.round((u.userCPUTime + u.systemCPUTime) / 1000) + '\\n'); });`;

interface Run {
  ms: number;
  /** The child's own CPU time (user + system): on a shared machine, the work done, whatever the load. */
  cpuMs: number;
  rssMb: number;
  stdout: string;
  stderr: string;
  status: number | null;
}

function run(args: string[], rssKbFromStderr: (stderr: string) => number): Run {
  const t0 = performance.now();
  const child = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - t0;
  const stderr = child.stderr ?? '';
  const cpuMs = Number(/cpuMs["=:]+(\d+)/.exec(stderr)?.[1] ?? Number.NaN);
  return { ms, cpuMs, rssMb: rssKbFromStderr(stderr) / 1024, stdout: child.stdout ?? '', stderr, status: child.status };
}

const mb = (bytes: number): string => (bytes / 1048576).toFixed(0);

async function main(): Promise<void> {
  // BENCH_WRITE_ONLY=DIR writes the inputs there and stops: files to profile the command on.
  const keep = process.env.BENCH_WRITE_ONLY;
  if (keep) {
    for (const count of sizes) console.log(await writeInputs(count, keep));
    return;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gstkit-reconcile-bench-'));
  const rssPreload = path.join(dir, 'rss.cjs');
  await writeAll(rssPreload, async (put) => put(RSS_REPORT));
  console.log(`gstkit reconcile as a command: N purchases (CSV) against N GSTR-2B documents (JSON), Node ${process.version}`);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} CPUs`,
  );
  console.log(
    ['N', 'CSV MB', '2B MB', 'floor ms', 'floor CPU', 'floor RSS', 'gstkit ms', 'gstkit CPU', 'peak RSS', 'us/row', 'floor us/row', 'x floor']
      .map((h) => h.padStart(13))
      .join(''),
    '  summary',
  );
  const reading: Array<{ count: number; plain: { ms: number; maxRssKb: number }; stream: { ms: number; maxRssKb: number } }> = [];
  try {
    for (const count of sizes) {
      const { csv, json } = await writeInputs(count, dir);
      const floor = run(['-e', FLOOR, csv, json], (s) => Number(/"maxRssKb":(\d+)/.exec(s)?.[1] ?? Number.NaN));
      const ours = run([`--max-old-space-size=${HEAP_MB}`, '--require', rssPreload, '--import', 'tsx', cli, 'reconcile', csv, json], (s) =>
        Number(/maxRssKb=(\d+)/.exec(s)?.[1] ?? Number.NaN),
      );
      // Reading the GSTR-2B alone, each read in its own process: JSON.parse of the whole file (the floor)
      // beside gstkit's streaming reader.
      const reads = (['plain', 'stream'] as const).map((mode) => {
        const child = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', readOnce, mode, json], {
          cwd: root,
          encoding: 'utf8',
        });
        if (child.status !== 0) throw new Error(`reading ${json} (${mode}) failed: ${child.stderr}`);
        return JSON.parse(child.stdout) as { documents: number; ms: number; maxRssKb: number };
      });
      reading.push({ count, plain: reads[0]!, stream: reads[1]! });
      if (ours.status !== 0) {
        console.log(String(count).padStart(11), `gstkit reconcile exited ${ours.status}: ${ours.stderr.slice(0, 400)}`);
        continue;
      }
      const summary = ours.stdout
        .split('\n')
        .filter((l) => /^(matched|mismatch|missing)/.test(l))
        .map((l) => l.replace(/^(.*): (\d+)$/, '$1 $2'))
        .join(', ');
      // Per row: the command's wall time over the 2N documents it reads.
      const perRow = (ms: number): string => ((ms * 1000) / (2 * count)).toFixed(2);
      console.log(
        [
          String(count),
          mb(statSync(csv).size),
          mb(statSync(json).size),
          floor.ms.toFixed(0),
          floor.cpuMs.toFixed(0),
          floor.rssMb.toFixed(0),
          ours.ms.toFixed(0),
          ours.cpuMs.toFixed(0),
          ours.rssMb.toFixed(0),
          perRow(ours.ms),
          perRow(floor.ms),
          (ours.ms / floor.ms).toFixed(1),
        ]
          .map((c) => c.padStart(13))
          .join(''),
        ' ',
        summary,
      );
      rmSync(csv);
      rmSync(json);
    }
    console.log('\nreading the GSTR-2B alone (time of the read, no process start; bytes of peak RSS per document)');
    console.log(['N', 'plain ms', 'plain us/doc', 'plain RSS', 'stream ms', 'stream us/doc', 'stream RSS', 'x plain'].map((h) => h.padStart(14)).join(''));
    for (const { count, plain, stream } of reading) {
      const us = (ms: number): string => ((ms * 1000) / count).toFixed(2);
      console.log(
        [
          String(count),
          plain.ms.toFixed(0),
          us(plain.ms),
          `${(plain.maxRssKb / 1024).toFixed(0)} MB`,
          stream.ms.toFixed(0),
          us(stream.ms),
          `${(stream.maxRssKb / 1024).toFixed(0)} MB`,
          (stream.ms / plain.ms).toFixed(1),
        ]
          .map((c) => c.padStart(14))
          .join(''),
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
