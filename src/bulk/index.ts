/**
 * Bulk registration as a library call, for hosts that run their own queue: `bulkGenerateIrn` and
 * `bulkGenerateEwaybill` check, register (at a limiter's pace) and report each of up to any number of
 * documents, recording each one's start and outcome in a checkpoint so that an interrupted run, given the
 * same checkpoint, resumes without registering a document twice. The server's bulk routes run the same
 * calls as jobs (`irn/bulk`, `ewaybill/bulk`).
 * @module
 */
export { bulkGenerateIrn, type BulkIrnOptions } from './irn.js';
export { bulkGenerateEwaybill, type BulkEwbOptions } from './ewaybill.js';
export type { BulkRunOptions } from './run.js';
export type { BulkDocumentOutcome, BulkEntry, BulkResult, EwbIssued, IrnIssued } from './outcome.js';
export { memorySteps } from './memory-steps.js';
export { bulkCodes, MAX_BULK_DOCUMENTS } from './codes.js';
export type { JobStep, JobSteps } from '../ports/jobs.js';
