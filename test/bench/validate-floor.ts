/**
 * Full validate('irn', ...) next to its floor, a fresh Ajv (2020, default options, ajv-formats, the same
 * schema), on the valid benchmark invoice at 1, 3, 10 and 1,000 lines, two ways:
 *
 * - Steady state: CPU time per call (process.cpuUsage, so other work on the machine does not count), each
 *   case run in turn for 300 ms of CPU, 7 rounds; medians. Each round's full validation is also set against
 *   that round's floor, and the median of those paired ratios printed with their range: the speed of a
 *   shared virtual machine drifts within seconds, and moves both cases of a round alike.
 * - A new process's first 1,000 calls: each side in a process of its own, started for it, times its first
 *   1,000 calls on the same invoice once it is ready (gstkit imported; Ajv's schema compiled, which is not
 *   counted), 5 processes a side, alternating; medians.
 *
 * Run: npx tsx test/bench/validate-floor.ts (GSTKIT_BENCH_FROM=dist after `npm run build`: the built package)
 *      npx tsx test/bench/validate-floor.ts steady|first   only one of the two
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchFrom, fromGstkit } from './bench-from.js';
import { budgetMs, roundsOr } from './bench-scale.js';

const sizes = [1, 3, 10, 1000];
const options = { today: '22/11/2026' };
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Calls in batches, reading the CPU clock (a system call) once a batch so that it adds nothing measurable. */
function perCall(fn: () => unknown, cpuBudgetMs = budgetMs(300)): number {
  const start = cpuMs();
  let calls = 0;
  let batch = 1;
  while (cpuMs() - start < cpuBudgetMs) {
    for (let i = 0; i < batch; i++) fn();
    calls += batch;
    if (batch < 1024) batch *= 2;
  }
  return (cpuMs() - start) / calls;
}

/** A child process: `first <gstkit|ajv> <invoice.json>` prints the CPU ms of its first 1,000 calls. */
async function firstCallsChild(side: string, file: string): Promise<void> {
  const invoice: unknown = JSON.parse(readFileSync(file, 'utf8'));
  let call: () => unknown;
  if (side === 'gstkit') {
    const { validate } = await fromGstkit<typeof import('../../src/index.js')>('index.js');
    call = () => validate('irn', invoice, options);
  } else {
    const { freshAjvValidator } = await import('./fresh-ajv.js');
    const fresh = freshAjvValidator('irn');
    call = () => fresh(invoice);
  }
  const start = cpuMs();
  for (let i = 0; i < 1000; i++) call();
  process.stdout.write(`${cpuMs() - start}\n`);
}

async function steadyState(): Promise<void> {
  const { validate } = await fromGstkit<typeof import('../../src/index.js')>('index.js');
  const { validatorFor } = await fromGstkit<typeof import('../../src/schema/registry.js')>('schema/registry.js');
  const { normalize } = await fromGstkit<typeof import('../../src/normalize/normalize.js')>('normalize/normalize.js');
  const { invoiceWithItems } = await import('../support/examples.js');
  const { freshAjvValidator } = await import('./fresh-ajv.js');
  const fresh = freshAjvValidator('irn');
  // The validator validate() uses for a payload made as JSON.parse makes it, as this one is.
  const ours = validatorFor('irn', 'json');
  console.log(`\nSteady state: CPU ms per call, median of 7 alternating rounds`);
  const summary: string[] = [];
  for (const lines of sizes) {
    const invoice = invoiceWithItems(lines);
    const check = validate('irn', invoice, options);
    if (!check.ok || check.warnings.length > 0 || !fresh(invoice)) throw new Error('the benchmark invoice must be valid');
    const cases: Record<string, () => unknown> = {
      'floor: fresh Ajv, default options': () => fresh(invoice),
      "gstkit's compiled schema alone": () => ours(invoice),
      'tolerant reader alone': () => normalize('irn', invoice),
      "validate('irn', { rules: false })": () => validate('irn', invoice, { ...options, rules: false }),
      "validate('irn') (full)": () => validate('irn', invoice, options),
    };
    // A round left out first: the JIT warms every case up before any is timed.
    for (const fn of Object.values(cases)) perCall(fn, 100);
    const times: Record<string, number[]> = {};
    for (let round = 0; round < roundsOr(7); round++) for (const [name, fn] of Object.entries(cases)) (times[name] ??= []).push(perCall(fn));
    const floors = times['floor: fresh Ajv, default options']!;
    const floor = median(floors);
    console.log(`\n${lines} line${lines === 1 ? '' : 's'}`);
    for (const [name, xs] of Object.entries(times))
      console.log(`  ${name.padEnd(36)} ${median(xs).toFixed(4).padStart(9)} ms  ${(median(xs) / floor).toFixed(2)}x the floor`);
    const paired = times["validate('irn') (full)"]!.map((t, round) => t / floors[round]!);
    const line = `median ${median(paired).toFixed(2)}x (rounds ${Math.min(...paired).toFixed(2)}x-${Math.max(...paired).toFixed(2)}x)`;
    console.log(`  full validation against the floor of its own round: ${line}`);
    summary.push(`  ${String(lines).padStart(5)} lines: full ${(median(times["validate('irn') (full)"]!) / floor).toFixed(2)}x; paired ${line}`);
  }
  console.log(`\nSteady state, full validation against the floor (target: within 4x):\n${summary.join('\n')}`);
}

function firstCalls(): void {
  const { invoiceWithItems } = awaitedExamples!;
  const dir = mkdtempSync(join(tmpdir(), 'gstkit-first-calls-'));
  const self = fileURLToPath(import.meta.url);
  console.log(`\nA new process's first 1,000 calls: CPU ms, median of 5 processes a side (Ajv's compile not counted)`);
  const summary: string[] = [];
  try {
    for (const lines of sizes) {
      const file = join(dir, `irn-${lines}.json`);
      writeFileSync(file, JSON.stringify(invoiceWithItems(lines)));
      const runs: Record<string, number[]> = { ajv: [], gstkit: [] };
      for (let i = 0; i < roundsOr(5); i++) {
        for (const side of ['ajv', 'gstkit']) {
          const child = spawnSync(process.execPath, [...process.execArgv, self, 'first-child', side, file], { encoding: 'utf8', env: process.env });
          if (child.status !== 0) throw new Error(`the ${side} process failed: ${child.stderr}`);
          runs[side]!.push(Number(child.stdout.trim().split('\n').at(-1)));
        }
      }
      const ajv = median(runs['ajv']!);
      const gstkit = median(runs['gstkit']!);
      const ratios = runs['gstkit']!.map((t, i) => t / runs['ajv']![i]!);
      const line = `${String(lines).padStart(5)} lines: floor ${ajv.toFixed(1)} ms, gstkit ${gstkit.toFixed(1)} ms, ${(gstkit / ajv).toFixed(2)}x (processes ${Math.min(...ratios).toFixed(2)}x-${Math.max(...ratios).toFixed(2)}x)`;
      summary.push(`  ${line}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nFirst 1,000 calls of a new process, full validation against the floor (target: within 6x):\n${summary.join('\n')}`);
}

let awaitedExamples: typeof import('../support/examples.js') | undefined;
const [mode, side, file] = process.argv.slice(2);
if (mode === 'first-child') await firstCallsChild(side!, file!);
else {
  console.log(`node ${process.version}, gstkit from ${benchFrom}`);
  if (mode !== 'first') await steadyState();
  if (mode !== 'steady') {
    awaitedExamples = await import('../support/examples.js');
    firstCalls();
  }
}
