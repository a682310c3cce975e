/**
 * What any store call may throw when its database fails rather than answers: unreachable, or out of disk.
 * The HTTP adapter answers each with its own code.
 * @module
 */

/**
 * The store's database cannot be reached or ended the connection (a restart, a failover): nothing of the
 * call was written, and the same call may succeed shortly. The HTTP adapter answers 503 SVC-951 with
 * Retry-After.
 */
export class StoreUnavailableError extends Error {
  /** True when the database did not answer within its deadline (a stall), rather than refusing or closing. */
  readonly timedOut: boolean;
  constructor(
    readonly reason: string,
    options: { timedOut?: boolean } = {},
  ) {
    super(`the database ${options.timedOut ? 'did not answer in time' : 'is unreachable; nothing was written'} (${reason}); try again shortly`);
    this.name = 'StoreUnavailableError';
    this.timedOut = options.timedOut ?? false;
  }
}

/**
 * The store's disk is full (PostgreSQL's 53100 disk_full, ENOSPC): nothing of the call was written. Reads
 * still work; writes work again once space is freed. The HTTP adapter answers 507 SVC-957.
 */
export class StoreFullError extends Error {
  constructor(readonly reason: string) {
    super(`the store's disk is full (${reason}); nothing was written. Reads still work; free disk space where the database keeps its data`);
    this.name = 'StoreFullError';
  }
}
