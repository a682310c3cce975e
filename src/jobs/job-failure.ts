/**
 * A failed job's output from the issues that failed it.
 * @module
 */
import type { JobOutput } from '../ports/jobs.js';

/** The first issue's code, and up to `most` messages joined (a reconciliation can find thousands). */
export const jobFailed = (errors: ReadonlyArray<{ code: string; message: string }>, most = Infinity): JobOutput => ({
  ok: false,
  error: {
    code: errors[0]?.code ?? '1000',
    message: errors
      .slice(0, most)
      .map((e) => e.message)
      .join('; '),
  },
});
