/**
 * The sales inquiry outbox in the store: inquiries wait here until the CRM has them, each delivery try
 * claimed by one server at a time.
 * @module
 */

/** A sales inquiry waiting in the outbox or delivered. */
export interface OutboxRow {
  inquiryId: string;
  payload: Record<string, unknown>;
  state: 'pending' | 'delivered';
  attempts: number;
  /** ISO 8601 */
  nextAttemptAt: string;
  lastError?: string;
  createdAt: string;
}

/** Where the sales inquiry outbox is kept. */
export interface OutboxStore {
  /** Adds an inquiry (again: keeps the first). */
  addInquiry(row: OutboxRow): Promise<void>;
  dueInquiries(now: string, limit: number): Promise<OutboxRow[]>;
  /**
   * Claims up to `limit` pending inquiries due at `now` for one delivery try: their next attempt moves to
   * `leaseUntil`, so no other server takes them before then (rows another caller is claiming are skipped).
   * The rows come back with `nextAttemptAt` = `leaseUntil`, which is the claim to pass to `markInquiryRetry`.
   */
  claimDueInquiries(now: string, leaseUntil: string, limit: number): Promise<OutboxRow[]>;
  markInquiryDelivered(inquiryId: string): Promise<void>;
  /** Schedules another try; with `claim`, only while the row is still under that claim (its `nextAttemptAt`). */
  markInquiryRetry(inquiryId: string, nextAttemptAt: string, error: string, claim?: string): Promise<void>;
  getInquiry(inquiryId: string): Promise<OutboxRow | undefined>;
}
