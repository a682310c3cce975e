/**
 * The soak's windows: requests answered a second and the 99th percentile of their times in each window
 * after the warm-up, the server's CPU time a request, and the routes whose answers slowed most between
 * the first window and the last (where a cost that grows with the data held shows first).
 */

/** One answered request: when it was answered and how long it took (ms since the start), and its route. */
export interface Answer {
  at: number;
  ms: number;
  route: string;
}

/** The server's CPU seconds and the machine's load average at a moment of the run (ms since the start). */
export interface CpuSample {
  at: number;
  cpu: number;
  load: number;
}

export interface Window {
  /** Requests answered a second. */
  rate: number;
  /** 99th percentile of the answers' times, ms. */
  p99: number;
  /** The server's CPU time per request answered, ms (NaN without CPU samples). */
  cpuMs: number;
  /** The one-minute load average at the window's end. */
  load: number;
  answers: Answer[];
}

/** The `q` quantile of a list (nearest rank); 0 for an empty one. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** The sample nearest a moment. */
function nearest(samples: readonly CpuSample[], at: number): CpuSample | undefined {
  let best: CpuSample | undefined;
  for (const s of samples) if (!best || Math.abs(s.at - at) < Math.abs(best.at - at)) best = s;
  return best;
}

/** The whole windows of `window` seconds after `warmup` seconds of a run of `total` seconds. */
export function windowsOf(answers: readonly Answer[], cpu: readonly CpuSample[], warmup: number, window: number, total: number): Window[] {
  const count = Math.floor((total - warmup) / window);
  const buckets = Array.from({ length: count }, () => [] as Answer[]);
  for (const a of answers) {
    const w = Math.floor((a.at / 1000 - warmup) / window);
    if (w >= 0 && w < count) buckets[w]!.push(a);
  }
  return buckets.map((list, w) => {
    const from = nearest(cpu, (warmup + w * window) * 1000);
    const to = nearest(cpu, (warmup + (w + 1) * window) * 1000);
    const cpuMs = from && to && to.at > from.at && list.length > 0 ? ((to.cpu - from.cpu) * 1000) / list.length : Number.NaN;
    return {
      rate: list.length / window,
      p99: quantile(
        list.map((a) => a.ms),
        0.99,
      ),
      cpuMs,
      load: to?.load ?? Number.NaN,
      answers: list,
    };
  });
}

/** Per route with at least `min` answers in both windows: count, mean and p99 in each, and the ratio of the means. */
export function routeDrift(first: readonly Answer[], last: readonly Answer[], min = 5) {
  const byRoute = (list: readonly Answer[]) => {
    const m = new Map<string, number[]>();
    for (const a of list) m.set(a.route, [...(m.get(a.route) ?? []), a.ms]);
    return m;
  };
  const a = byRoute(first);
  const b = byRoute(last);
  const mean = (l: number[]) => l.reduce((s, v) => s + v, 0) / l.length;
  return [...a]
    .filter(([route, times]) => times.length >= min && (b.get(route)?.length ?? 0) >= min)
    .map(([route, times]) => {
      const later = b.get(route)!;
      return {
        route,
        first: { n: times.length, mean: mean(times), p99: quantile(times, 0.99) },
        last: { n: later.length, mean: mean(later), p99: quantile(later, 0.99) },
        ratio: mean(later) / mean(times),
      };
    })
    .sort((x, y) => y.ratio - x.ratio);
}
