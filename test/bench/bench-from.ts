/**
 * Where a benchmark loads gstkit from. `GSTKIT_BENCH_FROM=dist` measures the built package (run
 * `npm run build` first), the JavaScript an install runs; otherwise the TypeScript source through tsx,
 * whose loader adds a little work to every function it creates. The floors' helpers taken from gstkit
 * (its formats and `digits` keyword) load from the same place, so both sides run the same kind of code.
 * @module
 */
const from = process.env['GSTKIT_BENCH_FROM'] === 'dist' ? '../../dist' : '../../src';

/** Which build a run measured, for its first line of output. */
export const benchFrom = from === '../../dist' ? 'dist (built JavaScript)' : 'src (TypeScript through tsx)';

/** Imports a gstkit module by its path under src/ (or dist/), such as `schema/validate.js`. */
export function fromGstkit<T>(path: string): Promise<T> {
  return import(`${from}/${path}`) as Promise<T>;
}
