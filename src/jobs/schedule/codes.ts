/**
 * The codes of schedules: a request the schedule routes refuse, and a run that could not submit its jobs.
 * @module
 */
export const scheduleCodes = {
  /** The schedule type is not one gstkit runs. */
  unknownType: 'SVC-790',
  /** `when` is not a five-part cron expression (or is missing where the type has no default). */
  badWhen: 'SVC-791',
  /** A parameter the schedule type needs is missing or not usable (a period, a purchase register, GSTINs). */
  badParams: 'SVC-792',
  /** No schedule of that id belongs to the company. */
  notFound: 'SVC-793',
  /** A run could not submit its jobs (the job queue refused); it is retried at the schedule's next time. */
  runFailed: 'SVC-794',
  /** An `ewaybill/extend` job on a server without an e-way bill provider (or one that cannot extend). */
  noEwbProvider: 'SVC-795',
} as const;
