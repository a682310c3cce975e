/**
 * The scheduler: a loop that claims the schedules due now, submits the jobs each run plans, and records
 * the run with the next due time. With several servers on one store each claims under a lease
 * (`claimDueSchedules`), so an occurrence runs once. A schedule whose time passed while no server was up is
 * still due at the next start, and runs once (not once per missed occurrence): its next time is then
 * counted from now.
 *
 * A run is recorded after its jobs are submitted: a server that dies between the two leaves the claim to run
 * out and the run to be made again by another server. The jobs schedules submit (pulls, exports,
 * reconciliations) are safe to repeat, so at least once is the right side to err on.
 * @module
 */
import { systemClock, type Clock } from '../../clock.js';
import type { JobRunner } from '../../ports/jobs.js';
import type { ReturnStore } from '../../ports/returns.js';
import type { ScheduleRow, ScheduleStore } from '../../ports/store.js';
import { scheduleCodes } from './codes.js';
import { nextOccurrence } from './cron.js';
import { isScheduleType, scheduleKinds } from './kinds.js';

/** Far enough ahead that a schedule whose expression has no next occurrence is never due again. */
const NEVER = '9999-12-31T00:00:00.000Z';

export interface SchedulerOptions {
  store: ScheduleStore;
  jobs: Pick<JobRunner, 'submit'>;
  /** The stored returns (one store, or each company's): a 2B pull skips a period already held. */
  returns?: ReturnStore | ((companyId: string) => ReturnStore);
  clock?: Clock;
  /** How often the loop looks for due schedules, ms. Default 30 s. */
  pollMs?: number;
  /** How long a claimed run is held, ms; longer than submitting its jobs takes. Default 5 minutes. */
  leaseMs?: number;
  /** Told about a pass that failed as a whole (the store did not answer). */
  onError?: (error: Error) => void;
}

/** What one run did. */
export interface ScheduleRunReport {
  scheduleId: string;
  companyId: string;
  type: string;
  jobIds: string[];
  skipped: Array<{ gstin: string; reason: string }>;
  error?: { code: string; message: string };
  nextRunAt: string;
}

export interface Scheduler {
  /** Runs every schedule due now (one pass at a time in this process); answers what each run did. */
  runDue(): Promise<ScheduleRunReport[]>;
  /** Starts the loop, with a first pass now: runs missed while no server was up are made at start. */
  start(): void;
  close(): Promise<void>;
}

/** The next due time of `when` after `now`. */
export const nextRunOf = (when: string, now: Date): string => nextOccurrence(when, now)?.toISOString() ?? NEVER;

/** Builds the scheduler over the store and the job queue. */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { store, jobs } = options;
  const clock = options.clock ?? systemClock;
  const pollMs = options.pollMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 300_000;
  const returnsOf = (companyId: string): ReturnStore | undefined => (typeof options.returns === 'function' ? options.returns(companyId) : options.returns);
  let timer: ReturnType<typeof setInterval> | undefined;
  let passing: Promise<ScheduleRunReport[]> | undefined;

  async function runOne(s: ScheduleRow, now: Date): Promise<ScheduleRunReport> {
    const nextRunAt = nextRunOf(s.when, now);
    const report: ScheduleRunReport = { scheduleId: s.scheduleId, companyId: s.companyId, type: s.type, jobIds: [], skipped: [], nextRunAt };
    let memo = s.memo;
    if (!isScheduleType(s.type)) {
      report.error = { code: scheduleCodes.unknownType, message: `no schedule type ${s.type}` };
    } else {
      try {
        const plan = await scheduleKinds[s.type].plan(s, { now, returns: returnsOf(s.companyId) });
        report.skipped = plan.skipped;
        for (const request of plan.jobs) report.jobIds.push((await jobs.submit(request)).jobId);
        memo = plan.memo;
      } catch (e) {
        // The memo stays as it was, so what this run did not submit is planned again next time.
        report.error = { code: scheduleCodes.runFailed, message: `the run could not submit its jobs: ${(e as Error).message}` };
      }
    }
    const { scheduleId: _id, companyId: _company, type: _type, ...outcome } = report;
    await store.recordScheduleRun(s.scheduleId, s.claimedUntil ?? '', { nextRunAt, lastRunAt: now.toISOString(), lastOutcome: outcome, memo });
    return report;
  }

  async function pass(): Promise<ScheduleRunReport[]> {
    const reports: ScheduleRunReport[] = [];
    // A bounded pass: what is still due is taken by the next one.
    for (let i = 0; i < 100; i++) {
      const now = clock.now();
      const [due] = await store.claimDueSchedules(now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), 1);
      if (!due) break;
      reports.push(await runOne(due, now));
    }
    return reports;
  }

  const scheduler: Scheduler = {
    runDue() {
      passing ??= pass().finally(() => (passing = undefined));
      return passing;
    },
    start() {
      const tick = (): void => void scheduler.runDue().catch((e: unknown) => options.onError?.(e instanceof Error ? e : new Error(String(e))));
      tick();
      timer = setInterval(tick, pollMs);
      (timer as { unref?: () => void }).unref?.();
    },
    async close() {
      if (timer) clearInterval(timer);
      await passing?.catch(() => []);
    },
  };
  return scheduler;
}
