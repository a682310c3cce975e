/**
 * The server's log of failures. A failing dependency (the database or the job queue away, a full disk,
 * the rate counter unreachable) fails every request while it lasts; it is logged as one line when it
 * starts and then at most once a minute with the count of failures since, not a stack trace per request.
 * Anything else is unforeseen and logged in full every time.
 * @module
 */

/** The conditions logged once, by the error's name. */
const CONDITIONS: Record<string, string> = {
  StoreUnavailableError: 'database unavailable',
  StoreFullError: 'disk full',
  JobQueueUnavailableError: 'job queue unavailable',
  RateCounterUnavailableError: 'rate counter unavailable',
};

/** How often a lasting condition is logged again, ms. */
export const CONDITION_LOG_EVERY_MS = 60_000;

/** A logger for the handler's `onError`; `write` takes whole lines. */
export function conditionLog(write: (line: string) => void, options: { everyMs?: number; now?: () => number } = {}): (e: unknown) => void {
  const everyMs = options.everyMs ?? CONDITION_LOG_EVERY_MS;
  const now = options.now ?? Date.now;
  const last = new Map<string, { at: number; since: number }>();
  return (e) => {
    const condition = e instanceof Error ? CONDITIONS[e.name] : undefined;
    if (!condition) {
      write(`unexpected: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      return;
    }
    const seen = last.get(condition);
    const t = now();
    if (seen && t - seen.at < everyMs) {
      seen.since++;
      return;
    }
    const more = seen && seen.since > 0 ? ` (${seen.since} more failed the same way in the last ${Math.round((t - seen.at) / 1000)} s)` : '';
    last.set(condition, { at: t, since: 0 });
    write(`${condition}: ${(e as Error).message}${more}\n`);
  };
}
