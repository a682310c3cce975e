/**
 * Full validate('irn') next to its floor, a fresh Ajv with default options on the same schema, on the valid
 * benchmark invoice at 10 and 1,000 lines. CPU time per call (process.cpuUsage, so other work on the machine
 * does not count), each case run in turn for 300 ms of CPU, 7 rounds; medians. Each round's full validation
 * is also set against that round's floor, and the median of those paired ratios printed with their range:
 * the speed of a shared virtual machine drifts within seconds, and moves both cases of a round alike.
 * Run: npx tsx test/bench/validate-floor.ts (GSTKIT_BENCH_FROM=dist after `npm run build`: the built package)
 */
import { invoiceWithItems } from '../support/examples.js';
import { benchFrom, fromGstkit } from './bench-from.js';
import { freshAjvValidator } from './fresh-ajv.js';

const { validate } = await fromGstkit<typeof import('../../src/validate.js')>('schema/validate.js');
const { validatorFor } = await fromGstkit<typeof import('../../src/schema/registry.js')>('schema/registry.js');
const { normalize } = await fromGstkit<typeof import('../../src/normalize/normalize.js')>('normalize/normalize.js');

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Calls in batches, reading the CPU clock (a system call) once a batch so that it adds nothing measurable. */
function perCall(fn: () => unknown, budgetMs = 300): number {
  const start = cpuMs();
  let calls = 0;
  let batch = 1;
  while (cpuMs() - start < budgetMs) {
    for (let i = 0; i < batch; i++) fn();
    calls += batch;
    if (batch < 1024) batch *= 2;
  }
  return (cpuMs() - start) / calls;
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const fresh = freshAjvValidator('irn');
// The instance validate() uses for a payload made as JSON.parse makes it, as this one is.
const ours = validatorFor('irn', 'json');
console.log(`node ${process.version}, gstkit from ${benchFrom}; CPU ms per call, median of 7 alternating rounds`);
for (const lines of [10, 1000]) {
  const invoice = invoiceWithItems(lines);
  const check = validate('irn', invoice, { today: '22/11/2026' });
  if (!check.ok || check.warnings.length > 0 || !fresh(invoice)) throw new Error('the benchmark invoice must be valid');
  const cases: Record<string, () => unknown> = {
    'floor: fresh Ajv, default options': () => fresh(invoice),
    "gstkit's compiled schema alone": () => ours(invoice),
    'tolerant reader alone': () => normalize('irn', invoice),
    "validate('irn', { rules: false })": () => validate('irn', invoice, { today: '22/11/2026', rules: false }),
    "validate('irn') (full)": () => validate('irn', invoice, { today: '22/11/2026' }),
  };
  // A round left out first: the JIT warms every case up before any is timed.
  for (const fn of Object.values(cases)) perCall(fn, 100);
  const times: Record<string, number[]> = {};
  for (let round = 0; round < 7; round++) for (const [name, fn] of Object.entries(cases)) (times[name] ??= []).push(perCall(fn));
  const floors = times['floor: fresh Ajv, default options']!;
  const floor = median(floors);
  console.log(`\n${lines} lines`);
  for (const [name, xs] of Object.entries(times))
    console.log(`  ${name.padEnd(36)} ${median(xs).toFixed(3).padStart(8)} ms  ${(median(xs) / floor).toFixed(2)}x the floor`);
  const paired = times["validate('irn') (full)"]!.map((t, round) => t / floors[round]!);
  console.log(
    `  full validation against the floor of its own round: median ${median(paired).toFixed(2)}x (rounds ${Math.min(...paired).toFixed(2)}x-${Math.max(...paired).toFixed(2)}x)`,
  );
}
