/**
 * Cold start: a new Node process that imports gstkit and validates a 3-line invoice, against the floor of
 * the same process doing nothing (`node -e ''`) and importing Ajv alone. Each case is a fresh process,
 * run in turn, 9 times; medians of the wall time from spawn to exit and of the process's CPU time (all its
 * threads, from its start: on a loaded machine the steadier of the two), and, inside the gstkit process, of
 * the import and of the first validation, wall (performance.now) and CPU.
 *
 * Run: npm run build && npx tsx test/bench/cold-start.ts [RUNS]   (the built package, as an install runs it)
 * GSTKIT_BASELINE_DIST=/other/checkout/dist adds the same case for another build, such as the code before a change.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { invoiceWithItems } from '../support/examples.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.argv[2] ?? 9);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const dir = mkdtempSync(join(tmpdir(), 'gstkit-cold-start-'));
const invoiceFile = join(dir, 'irn-3.json');
writeFileSync(invoiceFile, JSON.stringify(invoiceWithItems(3)));
const gstkitEntry = pathToFileURL(join(root, 'dist/index.js')).href;

/** The cases, each an ES module script run by a fresh `node --input-type=module -e`; gstkit's prints its own two times. */
/** The script of the gstkit case for the build at `entry`: it prints the import and the first validation, wall and CPU. */
const gstkitCase = (entry: string): string => `${cpu}
    import { readFileSync } from 'node:fs';
    const invoice = JSON.parse(readFileSync(${JSON.stringify(invoiceFile)}, 'utf8'));
    const [started, startedCpu] = [performance.now(), cpu()];
    const { validate } = await import(${JSON.stringify(entry)});
    const [imported, importedCpu] = [performance.now(), cpu()];
    const result = validate('irn', invoice, { today: '22/11/2026' });
    if (!result.ok) throw new Error('the benchmark invoice must be valid');
    const [validated, validatedCpu] = [performance.now(), cpu()];
    console.log(JSON.stringify({ cpu: cpu(), import: imported - started, validate: validated - imported, importCpu: importedCpu - startedCpu, validateCpu: validatedCpu - importedCpu }));`;
const baseline = process.env['GSTKIT_BASELINE_DIST'];
const cpu = 'const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };';
const total = 'console.log(JSON.stringify({ cpu: cpu() }));';
const cases: Record<string, string> = {
  "floor: node -e ''": `${cpu} ${total}`,
  'floor: import Ajv 2020 and ajv-formats': `${cpu} await import('ajv/dist/2020.js'); await import('ajv-formats'); ${total}`,
  "import('gstkit') + first validate('irn'), 3 lines": gstkitCase(gstkitEntry),
  ...(baseline ? { [`the same from ${baseline}`]: gstkitCase(pathToFileURL(join(baseline, 'index.js')).href) } : {}),
};

type Times = { cpu: number; import?: number; validate?: number; importCpu?: number; validateCpu?: number };
const range = (xs: number[]): string => `${median(xs).toFixed(1).padStart(7)} ms (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})`;

try {
  const wall: Record<string, number[]> = {};
  const cpuOf: Record<string, number[]> = {};
  const inside: Times[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [name, script] of Object.entries(cases)) {
      const started = process.hrtime.bigint();
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (child.status !== 0) throw new Error(`${name} failed: ${child.stderr}`);
      const times = JSON.parse(child.stdout) as Times;
      (wall[name] ??= []).push(ms);
      (cpuOf[name] ??= []).push(times.cpu);
      if (times.import !== undefined && !name.startsWith('the same from')) inside.push(times);
    }
  }
  console.log(`node ${process.version}, gstkit from dist; median of ${runs} fresh processes each (range)`);
  console.log(`  ${''.padEnd(52)} ${'wall, spawn to exit'.padStart(24)}  ${'CPU of the process'.padStart(24)}`);
  for (const name of Object.keys(cases)) console.log(`  ${name.padEnd(52)} ${range(wall[name]!).padStart(24)}  ${range(cpuOf[name]!).padStart(24)}`);
  const pick = (key: keyof Times): number[] => inside.map((t) => t[key] as number);
  const both = inside.map((t) => t.import! + t.validate!);
  const bothCpu = inside.map((t) => t.importCpu! + t.validateCpu!);
  console.log('  inside the gstkit process (target: import and first validation under 150 ms):');
  console.log(`    import('gstkit')        wall ${range(pick('import'))}   CPU ${range(pick('importCpu'))}`);
  console.log(`    first validation        wall ${range(pick('validate'))}   CPU ${range(pick('validateCpu'))}`);
  console.log(`    together                wall ${range(both)}   CPU ${range(bothCpu)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
