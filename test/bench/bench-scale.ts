/**
 * How long a benchmark measures: BENCH_SCALE (default 1) multiplies each CPU budget and BENCH_ROUNDS
 * replaces the number of rounds, so `npm run bench:ci` runs every benchmark briefly with the same code as
 * the full run that docs/performance.md reports.
 * @module
 */
const scale = Number(process.env['BENCH_SCALE'] ?? 1);
const rounds = process.env['BENCH_ROUNDS'] ? Number(process.env['BENCH_ROUNDS']) : undefined;

/** A CPU budget in ms, scaled. */
export function budgetMs(ms: number): number {
  return Math.max(1, ms * (Number.isFinite(scale) && scale > 0 ? scale : 1));
}

/** The number of rounds: BENCH_ROUNDS when set (at least 1), else the benchmark's own. */
export function roundsOr(own: number): number {
  return rounds !== undefined && Number.isInteger(rounds) && rounds > 0 ? rounds : own;
}
