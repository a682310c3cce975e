/**
 * Rendering benchmark: run with `npm run bench:render` (or `npx tsx test/bench/render-bench.ts`).
 * Prints ours beside the raw library and the floor in the same run: each contender runs in turns
 * (ABAB...) and the median of its rates is printed, so load from other processes hits all alike.
 * Rates are per second of the process's CPU time (one core), not of wall time, which other processes
 * on the machine would stretch. Not a test: figures depend on the machine. `BENCH_SECONDS` sets the
 * length of one turn (default 1). `npm run bench:render -- qr|pdf|pdf-big` runs one part.
 */
import { spawnSync } from 'node:child_process';
import QRCode from 'qrcode';
import { renderEinvoicePdf } from '../../src/render/pdf/index.js';
import { qrImage } from '../../src/render/qr/index.js';
import { invoice, record, SIGNED_QR } from '../render/fixtures.js';

const TURN = Number(process.env['BENCH_SECONDS'] ?? 1) * 1000;
const ROUNDS = 5;

type Fn = (i: number) => unknown;

/** CPU time of this process (all its threads: the main one, GC and zlib helpers), in ms. */
function cpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Calls per second of CPU time: what one core does, whatever else shares the machine. */
async function turn(fn: Fn, seed: { n: number }): Promise<number> {
  let n = 0;
  const start = performance.now();
  const startCpu = cpu();
  while (performance.now() - start < TURN) {
    await fn(seed.n++);
    n++;
  }
  return (n * 1000) / (cpu() - startCpu);
}

/** Rates per second, median of alternating turns, for each contender; prints them with ratios to the first. */
async function compare(title: string, contenders: Array<[string, Fn]>): Promise<number[]> {
  const seeds = contenders.map(() => ({ n: 0 }));
  for (const [i, [, fn]] of contenders.entries()) for (let k = 0; k < 5; k++) await fn(seeds[i]!.n++);
  const rates: number[][] = contenders.map(() => []);
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, [, fn]] of contenders.entries()) rates[i]!.push(await turn(fn, seeds[i]!));
  }
  const medians = rates.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)] as number);
  console.log(`\n${title}`);
  for (const [i, [label]] of contenders.entries()) {
    const rate = medians[i] as number;
    const ratio = i === 0 ? '' : `  (${(rate / (medians[0] as number)).toFixed(2)}x the first)`;
    console.log(`  ${label.padEnd(62)} ${rate.toFixed(1).padStart(8)} /s  ${(1000 / rate).toFixed(3).padStart(7)} ms${ratio}`);
  }
  return medians;
}

// Distinct texts so nothing can be cached between iterations.
const text = (i: number): string => SIGNED_QR.slice(0, 940) + String(i).padStart(10, '0');

const only = process.argv[2];

if (!only || only === 'qr') {
  const [raw, floor, ours] = await compare('QR PNG of a 950-character signed QR, level M', [
    ['qrcode.toBuffer PNG (raw library)', (i) => QRCode.toBuffer(text(i), { errorCorrectionLevel: 'M' })],
    [
      'qrcode.create, byte mode, fixed mask 0 (floor: no image)',
      (i) => QRCode.create([{ data: Buffer.from(text(i)), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 }),
    ],
    ['gstkit qrImage PNG, quality high', (i) => qrImage(text(i))],
  ]);
  console.log(
    `  gstkit / qrcode.toBuffer: ${((ours as number) / (raw as number)).toFixed(1)}x faster; gstkit takes ${((floor as number) / (ours as number)).toFixed(2)}x the time of qrcode.create with a fixed mask`,
  );
  console.log(`  PNG bytes: gstkit ${qrImage(SIGNED_QR).length}, qrcode ${(await QRCode.toBuffer(SIGNED_QR, { errorCorrectionLevel: 'M' })).length}`);
  await compare('QR GIF and JPEG, quality high', [
    ['gstkit qrImage GIF', (i) => qrImage(text(i), { format: 'gif' })],
    ['gstkit qrImage JPEG', (i) => qrImage(text(i), { format: 'jpeg' })],
  ]);
}

if (!only || only === 'pdf') {
  const inv = invoice(5);
  const [rate] = await compare('One-page e-invoice PDF with a signed QR (distinct QR each time)', [
    ['gstkit renderEinvoicePdf, 5 items', (i) => renderEinvoicePdf({ ...record(), SignedQRCode: text(i) }, inv)],
  ]);
  const one = await renderEinvoicePdf(record(), inv);
  console.log(`  ${(rate as number).toFixed(0)}/s on one core; ${one.ok ? one.value.length : 0} bytes`);
}

if (!only || only === 'pdf-big') {
  // Each size in a fresh process, so its peak RSS is its own.
  for (const lines of [1000, 10000]) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, 'one-big', String(lines)], { encoding: 'utf8' });
    process.stdout.write(child.stdout + child.stderr);
  }
}

if (only === 'one-big') {
  const lines = Number(process.argv[3]);
  const big = invoice(lines);
  await renderEinvoicePdf(record(), invoice(3)); // fonts and shaping loaded before timing
  const before = process.resourceUsage().maxRSS / 1024;
  const times: number[] = [];
  let size = 0;
  let rss = 0;
  for (let k = 0; k < (lines > 1000 ? 1 : 5); k++) {
    const t = cpu();
    const r = await renderEinvoicePdf(record(), big);
    times.push(cpu() - t);
    size = r.ok ? r.value.length : 0;
    if (k === 0) rss = process.resourceUsage().maxRSS / 1024; // peak through one render
  }
  times.sort((a, b) => a - b);
  console.log(
    `\nrenderEinvoicePdf, ${lines.toLocaleString('en-IN')} items: median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms of CPU, ${size} bytes, peak RSS ${rss.toFixed(0)} MB (whole process, the invoice included; ${before.toFixed(0)} MB before the first render of it)`,
  );
}
