/**
 * A stored job row as the job-status API shows it.
 * @module
 */
import type { JobFileStream, JobState, JobStatusRecord, JobType } from '../ports/jobs.js';
import type { JobRow, Store } from '../ports/store.js';
import { istDateTime } from '../compute/dates.js';

const stateText = { 0: 'waiting', 1: 'working', 100: 'done', 101: 'failed' } as const;

/** The default `url` of a job's file. */
export const defaultFileUrl = (jobId: string): string => `/api/svc/robot/jobfile/${jobId}`;

export function jobStatusOf(row: JobRow, fileUrl: (jobId: string) => string = defaultFileUrl): JobStatusRecord {
  return {
    jobId: row.jobId,
    jobType: row.type as JobType,
    jobStatus: row.state as JobState,
    jobStatusText: stateText[row.state],
    createdAt: istDateTime(new Date(row.createdAt)),
    updatedAt: istDateTime(new Date(row.updatedAt)),
    progress: row.state === 100 ? 100 : row.progress,
    ...(row.total > 0 ? { done: row.done, total: row.total } : {}),
    ...(row.error ? { error: row.error } : {}),
    ...(row.state === 100 && row.fileId ? { url: fileUrl(row.jobId) } : {}),
    ...(row.result !== undefined ? { result: row.result } : {}),
  };
}

/** The finished file of a job, streamed from the store; undefined until the job is done. */
export async function jobFileOf(store: Store, companyId: string, jobId: string): Promise<JobFileStream | undefined> {
  const row = await store.getJob(companyId, jobId);
  if (row?.state !== 100 || !row.fileId) return undefined;
  const meta = await store.getFile(companyId, row.fileId);
  if (!meta?.complete) return undefined;
  return { fileName: meta.fileName, contentType: meta.contentType, size: meta.size, chunks: () => store.readFile(meta.fileId) };
}
