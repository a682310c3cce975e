/**
 * A job as a runner first stores it: waiting, nothing done, never tried. Both store-backed runners (the
 * embedded one and BullMQ's) write this row before the job is queued, so a job is never queued unstored.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { JobRequest } from '../ports/jobs.js';
import type { JobRow } from '../ports/store/job.js';

/** The row of a job just submitted, under a fresh id, created and updated at `at` (ISO 8601). */
export function newJobRow(request: JobRequest, at: string): JobRow {
  return {
    jobId: randomUUID(),
    companyId: request.companyId,
    type: request.type,
    params: request.params,
    state: 0,
    done: 0,
    total: 0,
    progress: 0,
    attempts: 0,
    createdAt: at,
    updatedAt: at,
  };
}
