/**
 * Schedules in the store: what a company asked to run on a calendar, and when each is next due. A due
 * schedule is claimed for a lease by one server at a time, so with several servers on one store a run
 * happens once; a claim that outlives its server runs out and the schedule is claimed again.
 * @module
 */

/** One schedule as the store keeps it. */
export interface ScheduleRow {
  scheduleId: string;
  companyId: string;
  /** `gstr2b-pull`, `gstr2a-pull`, `ims-pull`, `reconcile`, `gstr-export`, `ewaybill-extend`. */
  type: string;
  gstins: string[];
  /** A five-part cron expression read in IST. */
  when: string;
  params: Record<string, unknown>;
  /** ISO 8601: when the schedule is next due. Runs missed while no server was up leave it in the past. */
  nextRunAt: string;
  /** ISO 8601: until when a server that claimed the run holds it. */
  claimedUntil?: string;
  lastRunAt?: string;
  /** What the last run did: the jobs it submitted, what it skipped and why, or why it failed. */
  lastOutcome?: Record<string, unknown>;
  /** What a schedule remembers between runs (the 2B pull a reconcile schedule last reconciled, per GSTIN). */
  memo: Record<string, unknown>;
  runs: number;
  createdAt: string;
}

/** What a run records when it is over. */
export interface ScheduleRunRecord {
  nextRunAt: string;
  lastRunAt: string;
  lastOutcome: Record<string, unknown>;
  memo: Record<string, unknown>;
}

/** Where schedules are kept. */
export interface ScheduleStore {
  addSchedule(row: ScheduleRow): Promise<void>;
  /** The company's schedules, oldest first. */
  listSchedules(companyId: string): Promise<ScheduleRow[]>;
  getSchedule(companyId: string, scheduleId: string): Promise<ScheduleRow | undefined>;
  /** Changes a schedule's `when`, `params` and next run; false when it does not exist (for that company). */
  updateSchedule(companyId: string, scheduleId: string, change: Pick<ScheduleRow, 'when' | 'params' | 'nextRunAt'>): Promise<boolean>;
  /** false when the schedule did not exist (for that company). */
  deleteSchedule(companyId: string, scheduleId: string): Promise<boolean>;
  /**
   * Claims up to `limit` schedules due at `now` and not under another claim: each is held until
   * `leaseUntil` (rows another caller is claiming are skipped). The rows come back with `claimedUntil` =
   * `leaseUntil`, the claim to pass to `recordScheduleRun`.
   */
  claimDueSchedules(now: string, leaseUntil: string, limit: number): Promise<ScheduleRow[]>;
  /** Records a run and ends its claim, only while the schedule is still under `claim`; false otherwise. */
  recordScheduleRun(scheduleId: string, claim: string, record: ScheduleRunRecord): Promise<boolean>;
}
