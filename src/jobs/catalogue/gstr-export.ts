/**
 * `gstr2a/export`, `gstr2b/export`, `gstr3b/export`: stored returns written to an .xlsx workbook, the job's
 * file. On a job thread the stored returns are parsed and the workbook written there, streamed back piece by
 * piece; the serving thread only reads the store and keeps the file.
 * @module
 */
import type { ExportRequest } from '../../gstr/jobs.js';
import type { Outcome } from '../../issue.js';
import type { ReturnType } from '../../ports/gst-portal.js';
import { jobFailed } from '../job-failure.js';
import type { ThreadCaller } from '../thread-caller.js';
import { progressOf, remoteFile, remoteReturns } from '../thread-remote.js';
import { jobNow } from './deps.js';
import { defineJob, type JobDescriptor } from './descriptor.js';
import { readParams, text } from './params.js';

/** An export's parameters, as the routes queue them: the export request itself. */
export type ExportParams = ExportRequest;

/** What crosses to the thread: the request, "now", and whether the store keeps returns in pieces. */
interface ExportThreadInput {
  request: ExportParams;
  now: string;
  pieces?: boolean;
}

/** The export of one return type; the return type the work exports is the one in the parameters, as queued. */
function gstrExportJob<R extends ReturnType>(returnType: R): JobDescriptor<ExportParams, `${R}/export`> {
  return defineJob({
    type: `${returnType}/export`,
    parseParams: (raw) =>
      readParams(
        raw,
        (p): ExportParams => ({
          returnType: text(p['returnType']) as ReturnType,
          // A GSTIN that is not text is refused by the work, with its index.
          gstins: Array.isArray(p['gstins']) ? (p['gstins'] as string[]) : [],
          startPeriod: text(p['startPeriod']),
          endPeriod: text(p['endPeriod']),
          // The work refuses anything but 100 and 101.
          ...(p['reportType'] !== undefined ? { reportType: Number(p['reportType']) as 100 | 101 } : {}),
        }),
      ),
    async run(params, deps) {
      const gstr = await import('../../gstr/jobs.js');
      const onProgress = (fraction: number, counts?: { done: number; total: number }): void => deps.progress(fraction * 100, counts);
      // A runner with a file store takes the workbook as it is written; otherwise it is built in memory.
      const openFile = deps.context?.openFile;
      if (openFile) {
        const out = await gstr.exportReturnsTo(deps, params, (name, type) => openFile(name, type), onProgress);
        if (!out.ok) return jobFailed(out.errors);
        return { ok: true, result: { fileName: out.value.fileName, rows: out.value.rows } };
      }
      const out = await gstr.exportReturns(deps, params, onProgress);
      if (!out.ok) return jobFailed(out.errors);
      const v = out.value;
      return {
        ok: true,
        result: { fileName: v.fileName, rows: v.rows },
        file: { fileName: v.fileName, contentType: v.contentType, data: v.data },
      };
    },
    thread: {
      task: 'gstr/export',
      work: async () => exportInThread,
      async serve(params, deps, thread) {
        const { store } = deps;
        const input: ExportThreadInput = { request: params, now: jobNow(deps).toISOString(), pieces: store.info !== undefined && store.piece !== undefined };
        const out = (await thread.run(input)) as Outcome<{ fileName: string; contentType: string; rows: number }>;
        if (!out.ok) return jobFailed(out.errors);
        const file = thread.gathered();
        return { ok: true, result: { fileName: out.value.fileName, rows: out.value.rows }, ...(file ? { file } : {}) };
      },
    },
  });
}

export const gstr2aExport = gstrExportJob('gstr2a');
export const gstr2bExport = gstrExportJob('gstr2b');
export const gstr3bExport = gstrExportJob('gstr3b');

/** The thread's side: the stored returns are parsed and the workbook written here, streamed back piece by piece. */
async function exportInThread(input: ExportThreadInput, remote: ThreadCaller): Promise<Outcome<{ fileName: string; contentType: string; rows: number }>> {
  const { exportReturnsTo } = await import('../../gstr/jobs.js');
  const services = {
    // An export never asks the portal.
    portal: { isConnected: () => false, fetchReturn: async () => ({ ok: false as const, errors: [] }) },
    store: remoteReturns(remote, input.pieces === true),
    now: () => new Date(input.now),
  };
  return exportReturnsTo(services, input.request, (fileName, contentType) => remoteFile(remote, fileName, contentType), progressOf(remote));
}
