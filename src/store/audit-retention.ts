/**
 * Keeps the audit log to a retention period: entries older than `days` are deleted when the pruning starts
 * and then on a timer, on whichever store holds the log. Several servers sharing one database may all prune:
 * deleting what is already gone deletes nothing.
 * @module
 */
import type { Store } from '../ports/store.js';
import { systemClock, type Clock } from '../clock.js';

/**
 * Six years by default: the CGST Act (section 36) keeps accounts and records for 72 months after the due
 * date of the year's annual return, and the log is what shows who registered or cancelled which document.
 */
export const DEFAULT_AUDIT_RETENTION_DAYS = 2190;

/** How often the pruning runs after the first time: hourly. */
export const AUDIT_PRUNE_INTERVAL_MS = 3_600_000;

const DAY_MS = 86_400_000;

export interface AuditRetentionOptions {
  store: Pick<Store, 'pruneAudit'>;
  /** Entries older than this many days are deleted. */
  days: number;
  clock?: Clock;
  /** Default {@link AUDIT_PRUNE_INTERVAL_MS}. */
  everyMs?: number;
  /** Told about a pruning that failed (the next one tries again). */
  onError?: (error: unknown) => void;
}

export interface AuditRetention {
  /** Prunes now; answers how many entries were deleted. */
  pruneNow(): Promise<number>;
  /** Stops the timer and waits for a pruning under way. */
  stop(): Promise<void>;
}

/** Reads GSTKIT_AUDIT_RETENTION_DAYS: whole days (1 to 36,500) or `off`; unset or blank gives the default. */
export function parseAuditRetention(text: string | undefined): { ok: true; days: number | null } | { ok: false; message: string } {
  const t = (text ?? '').trim().toLowerCase();
  if (t === '') return { ok: true, days: DEFAULT_AUDIT_RETENTION_DAYS };
  if (t === 'off') return { ok: true, days: null };
  const days = /^\d{1,5}$/.test(t) ? Number(t) : Number.NaN;
  if (!(days >= 1 && days <= 36_500))
    return { ok: false, message: `GSTKIT_AUDIT_RETENTION_DAYS must be whole days from 1 to 36500, or off, not ${JSON.stringify(text)}` };
  return { ok: true, days };
}

/** Prunes once now and then every `everyMs`; the timer does not keep the process alive. */
export function startAuditRetention(options: AuditRetentionOptions): AuditRetention {
  const clock = options.clock ?? systemClock;
  let running: Promise<number> = Promise.resolve(0);
  const pruneNow = (): Promise<number> => {
    // One pruning at a time: a slow delete is not started again on top of itself.
    running = running.then(
      () => options.store.pruneAudit(new Date(clock.now().getTime() - options.days * DAY_MS).toISOString()),
      () => options.store.pruneAudit(new Date(clock.now().getTime() - options.days * DAY_MS).toISOString()),
    );
    return running;
  };
  const tick = (): void => {
    pruneNow().catch((e: unknown) => options.onError?.(e));
  };
  tick();
  const timer = setInterval(tick, options.everyMs ?? AUDIT_PRUNE_INTERVAL_MS);
  timer.unref();
  return {
    pruneNow,
    stop: async () => {
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}
