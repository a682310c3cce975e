/**
 * Every benchmark in one command, each in its own process, in turn:
 *   npm run bench:all              the sizes docs/performance.md reports (tens of minutes on two cores)
 *   npm run bench:ci               small sizes, so that CI runs every benchmark and none can rot unnoticed
 *   npm run bench:ci -- reconcile  only those whose name contains a word given
 *
 * Not a timed test: nothing here judges a figure. A benchmark fails the run when it exits with an error,
 * prints nothing, or outlives its time limit; each one's output is passed through as it comes.
 * @module
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

interface Benchmark {
  name: string;
  /** The file run by `node --import tsx`, or by vitest's own command when it is a vitest bench file set. */
  script: string;
  vitest?: true;
  /** Arguments for the small run of CI. */
  small: string[];
  /** Arguments for the full run; none means the benchmark's own defaults. */
  full?: string[];
  /** Node flags the benchmark needs, such as --expose-gc for those that measure retained heap. */
  nodeFlags?: string[];
  smallEnv?: Record<string, string>;
}

/** The small run's setting for the benchmarks that measure for a CPU budget in rounds (test/bench/bench-scale.ts). */
const quick = { BENCH_SCALE: '0.1', BENCH_ROUNDS: '2' };

const benchmarks: Benchmark[] = [
  { name: 'validate-floor', script: 'test/bench/validate-floor.ts', small: [], smallEnv: { ...quick, BENCH_ROUNDS: '1' } },
  { name: 'hostile-inputs', script: 'test/bench/hostile-inputs.ts', small: [] },
  { name: 'generateirn-inprocess', script: 'test/bench/generateirn-inprocess.ts', small: [], smallEnv: quick },
  { name: 'generateirn-light-floor', script: 'test/bench/generateirn-light-floor.ts', small: ['2', '200'] },
  { name: 'irn-retained', script: 'test/bench/irn-retained.ts', small: ['500'], nodeFlags: ['--expose-gc'] },
  { name: 'qr-parts', script: 'test/bench/qr-parts.ts', small: [] },
  { name: 'render', script: 'test/bench/render-bench.ts', small: [], smallEnv: { BENCH_SECONDS: '0.2' } },
  { name: 'excel-export', script: 'test/bench/excel-export.ts', small: ['2000'] },
  { name: 'reconcile', script: 'test/bench/reconcile-bench.ts', small: ['2000'] },
  { name: 'reconcile-command', script: 'test/bench/reconcile-command.ts', small: [], smallEnv: { BENCH_SIZES: '10000' } },
  { name: 'store-generateirn', script: 'test/bench/store-generateirn.ts', small: ['200'] },
  { name: 'bulk-generate', script: 'test/bench/bulk-generate.ts', small: ['50'] },
  { name: 'webhook-deliveries', script: 'test/bench/webhook-deliveries.ts', small: ['200', '1'] },
  { name: 'ewb-day-list', script: 'test/bench/ewb-day-list.ts', small: ['200', '50'] },
  { name: 'export-live-heap', script: 'test/bench/export-live-heap.ts', small: ['2000', 'gstr2b', '1'], nodeFlags: ['--expose-gc'] },
  { name: 'store-export-load', script: 'test/bench/store-export-load.ts', small: ['1', '2000'] },
  { name: 'http-floor', script: 'test/bench/http-floor.ts', small: ['2', '200'] },
  { name: 'http-generateirn', script: 'test/bench/http-generateirn.ts', small: ['2'] },
  { name: 'soak-routes', script: 'test/bench/soak-routes.ts', small: ['0,300', '10'] },
  { name: 'page', script: 'test/bench/page-bench.ts', small: ['--judge-runs', '3', '--reconcile-runs', '1', '--purchases', '2000'] },
  { name: 'vitest-bench', script: 'test/bench', vitest: true, small: [] },
  { name: 'cold-start', script: 'test/bench/cold-start.ts', small: ['2'] },
];

const root = fileURLToPath(new URL('..', import.meta.url));
const full = process.argv.includes('--full');
const words = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const chosen = benchmarks.filter((b) => words.length === 0 || words.some((w) => b.name.includes(w)));
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const limitMs = (full ? 60 : 4) * 60_000;

/** Runs one benchmark, passing its output through; resolves to what went wrong, if anything. */
function run(bench: Benchmark): Promise<string | undefined> {
  const args = full ? (bench.full ?? []) : bench.small;
  const env = { ...process.env, ...(full ? {} : bench.smallEnv) };
  return new Promise((resolve) => {
    const command = bench.vitest ? [vitest, 'bench', '--run', bench.script, ...args] : [...(bench.nodeFlags ?? []), '--import', 'tsx', bench.script, ...args];
    const child = spawn(process.execPath, command, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let printed = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.length;
      process.stdout.write(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', (e) => resolve(`could not start: ${e.message}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal) resolve(`stopped by ${signal} (time limit ${limitMs / 60_000} min)`);
      else if (code !== 0) resolve(`exited with ${code}`);
      else if (printed === 0) resolve('printed nothing');
      else resolve(undefined);
    });
  });
}

const failures: string[] = [];
const summary: string[] = [];
for (const bench of chosen) {
  const args = full ? (bench.full ?? []) : bench.small;
  process.stdout.write(`\n== ${bench.name}: ${bench.script} ${args.join(' ')}\n`);
  const started = performance.now();
  const problem = await run(bench);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  summary.push(`${problem ? 'FAILED' : 'ok    '} ${bench.name.padEnd(24)} ${seconds.padStart(6)} s${problem ? `  ${problem}` : ''}`);
  if (problem) failures.push(bench.name);
}
process.stdout.write(`\n${full ? 'full' : 'small'} sizes, ${chosen.length} benchmarks:\n${summary.join('\n')}\n`);
if (chosen.length === 0) {
  process.stderr.write(`no benchmark is named like ${words.join(', ')}\n`);
  process.exit(2);
}
process.exit(failures.length === 0 ? 0 : 1);
