/**
 * What the serving thread answers for every job run on a job thread: progress, the stored returns (whole
 * or piece by piece) and the job's file, written into the runner's file store as it comes or gathered in
 * memory when the runner has none. Each kind of threaded job adds its own calls to these.
 * @module
 */
import type { ReturnStore } from '../ports/returns.js';
import type { ReturnType as GstrReturnType } from '../gstr/types.js';
import type { JobContext, JobCounts, JobFileSink } from '../ports/jobs.js';
import { memorySink } from '../render/excel/zip.js';

/** The calls a job thread may make of the store and the job's file, and the file when it was gathered here. */
export function storeAndFileCalls(
  store: ReturnStore,
  progress: (percent: number, counts?: JobCounts) => void,
  context: JobContext | undefined,
  onThread?: (threadId: number) => void,
) {
  let sink: JobFileSink | undefined;
  let inMemory: ReturnType<typeof memorySink> | undefined;
  let file: { fileName: string; contentType: string } | undefined;
  const handlers = {
    started: (threadId: number) => onThread?.(threadId),
    progress: (percent: number, counts?: JobCounts) => progress(percent, counts),
    getReturnJson: async (gstin: string, returnType: GstrReturnType, period: string) => {
      if (store.getJson) return store.getJson(gstin, returnType, period);
      const s = await store.get(gstin, returnType, period);
      return s ? { pulledAt: s.pulledAt, json: JSON.stringify(s.data) } : undefined;
    },
    getReturnInfo: (gstin: string, returnType: GstrReturnType, period: string) => store.info?.(gstin, returnType, period),
    getReturnPiece: (version: string, seq: number) => store.piece?.(version, seq),
    openFile: async (fileName: string, contentType: string) => {
      file = { fileName, contentType };
      // A runner with a file store keeps the pieces as they come; otherwise they are gathered here.
      if (context?.openFile) sink = await context.openFile(fileName, contentType);
      else inMemory = memorySink();
    },
    write: async (piece: Uint8Array) => {
      if (sink) await sink.write(piece);
      else await inMemory?.write(piece);
    },
  };
  /** The file gathered in memory, when the runner had no file store. */
  const gathered = (): { fileName: string; contentType: string; data: Uint8Array } | undefined =>
    inMemory && file ? { ...file, data: inMemory.bytes() } : undefined;
  return { handlers, gathered };
}
