/**
 * What a job thread reaches on the serving thread, as the work running on the thread sees it: the stored
 * returns (read and written as JSON text, piece by piece where the store keeps pieces), the job's file (sent
 * back in pieces, each acknowledged before the next, so neither side ever holds the whole file) and progress.
 * The serving thread's answers to these calls are in thread-calls.ts.
 * @module
 */
import type { ReturnStore, StoredReturn, StoredReturnInfo } from '../ports/returns.js';
import type { ReturnType } from '../ports/gst-portal.js';
import type { JobCounts } from '../ports/jobs.js';
import type { ByteSink } from '../render/excel/zip.js';
import type { ThreadCaller } from './thread-caller.js';

/** Bytes sent back to the serving thread at a time. */
const PIECE_BYTES = 256 * 1024;

/** The stored returns, read and written as JSON text through the serving thread. */
export function remoteReturns(remote: ThreadCaller, pieces = false): ReturnStore {
  return {
    async put(entry: StoredReturn) {
      const { data, ...meta } = entry;
      await remote.call('putReturnJson', [meta, JSON.stringify(data)]);
    },
    async get(gstin: string, returnType: ReturnType, period: string) {
      const row = await remote.call<{ pulledAt: string; json: string } | undefined>('getReturnJson', [gstin, returnType, period]);
      return row ? { gstin, returnType, period, pulledAt: row.pulledAt, data: JSON.parse(row.json) as unknown } : undefined;
    },
    // Where the serving thread's store keeps pieces, a return comes over one piece at a time.
    ...(pieces
      ? {
          info: (gstin: string, returnType: ReturnType, period: string) =>
            remote.call<StoredReturnInfo | undefined>('getReturnInfo', [gstin, returnType, period]),
          piece: (version: string, seq: number) => remote.call<string | undefined>('getReturnPiece', [version, seq]),
        }
      : {}),
  };
}

/** Progress as a fraction on the thread, told to the serving thread as a percentage. */
export function progressOf(remote: ThreadCaller): (fraction: number, counts?: JobCounts) => void {
  return (fraction, counts) => remote.tell('progress', [fraction * 100, counts]);
}

/** A sink that sends the job's file back in pieces of {@link PIECE_BYTES}, one in flight at a time. */
export function remoteSink(remote: ThreadCaller): ByteSink {
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  const send = async (): Promise<void> => {
    if (heldBytes === 0) return;
    // A fresh buffer of its own, so it can be moved to the other thread rather than copied.
    const piece = new Uint8Array(heldBytes);
    let at = 0;
    for (const c of held) {
      piece.set(c, at);
      at += c.byteLength;
    }
    held = [];
    heldBytes = 0;
    await remote.call('write', [piece], [piece.buffer]);
  };
  return {
    async write(chunk) {
      held.push(Uint8Array.from(chunk));
      heldBytes += chunk.byteLength;
      if (heldBytes >= PIECE_BYTES) await send();
    },
    close: send,
  };
}

/** Opens the job's file on the serving thread and gives the sink that sends it there. */
export async function remoteFile(remote: ThreadCaller, fileName: string, contentType: string): Promise<ByteSink> {
  await remote.call('openFile', [fileName, contentType]);
  return remoteSink(remote);
}
