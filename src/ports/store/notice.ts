/**
 * Once-only notices in the store: a watch pass that finds something worth telling (a deadline near, a
 * session ending) claims the notice's key before it emits the event, in the same transaction, so of several
 * servers (or passes) exactly one tells it.
 * @module
 */

/** Where notices already given are remembered. */
export interface NoticeStore {
  /** Records `key` as given at `at` (ISO 8601); true when this call recorded it, false when it was already. */
  claimNotice(key: string, at: string): Promise<boolean>;
  /** Whether `key` was given: a pass skips the costly look at what a notice already told. */
  hasNotice(key: string): Promise<boolean>;
}
