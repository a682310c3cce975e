/**
 * GSTR pulls and exports as they run inside a job worker thread: the return is fetched, read, parsed and
 * written here; the serving thread is asked only for what it keeps (the stored return as JSON text, the
 * job's file), so a big export never holds up its event loop. The workbook goes back in pieces, each
 * acknowledged before the next is sent, so neither side ever holds the whole file.
 * @module
 */
import type { ReturnStore, StoredReturn, StoredReturnInfo } from '../ports/returns.js';
import type { GstPortal } from '../ports/gst-portal.js';
import type { ExportRequest, GstrServices } from '../gstr/jobs.js';
import type { ReturnType } from '../gstr/types.js';
import type { Outcome } from '../issue.js';
import type { JobCounts } from '../ports/jobs.js';
import type { ByteSink } from '../render/excel/zip.js';
import type { ThreadCaller } from './job-thread.js';

/** Bytes sent back to the serving thread at a time. */
const PIECE_BYTES = 256 * 1024;

/** How a thread builds its own copy of a portal, rather than asking the serving thread for every return. */
export interface PortalRecipe {
  /** A module URL and the name of the function it exports that builds the portal from `options`. */
  module: string;
  name: string;
  options: Record<string, unknown>;
  /** Option names whose functions stay on the serving thread, called over the channel. */
  remote?: string[];
}

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
          info: (gstin: string, returnType: ReturnType, period: string) => remote.call<StoredReturnInfo | undefined>('getReturnInfo', [gstin, returnType, period]),
          piece: (version: string, seq: number) => remote.call<string | undefined>('getReturnPiece', [version, seq]),
        }
      : {}),
  };
}

async function portalOf(recipe: PortalRecipe | undefined, remote: ThreadCaller): Promise<GstPortal> {
  if (!recipe) {
    return {
      isConnected: (gstin) => remote.call<boolean>('isConnected', [gstin]),
      fetchReturn: (gstin, returnType, period) => remote.call<Outcome<unknown>>('fetchReturn', [gstin, returnType, period]),
    };
  }
  const make = (await import(recipe.module))[recipe.name] as (options: Record<string, unknown>) => GstPortal;
  const options: Record<string, unknown> = { ...recipe.options };
  for (const name of recipe.remote ?? []) options[name] = (...args: unknown[]) => remote.call(name, args);
  return make(options);
}

export function progressOf(remote: ThreadCaller): (fraction: number, counts?: JobCounts) => void {
  return (fraction, counts) => remote.tell('progress', [fraction * 100, counts]);
}

/** A pull: fetch, read and serialise here; the serving thread only stores the text. */
export async function pullInThread(
  input: { request: { gstin: string; returnType: ReturnType; period: string }; now: string; portal?: PortalRecipe },
  remote: ThreadCaller,
): Promise<Outcome<{ documents: number; sections: Record<string, number> }>> {
  const { pullReturnCounted } = await import('../gstr/jobs.js');
  const services: GstrServices = { portal: await portalOf(input.portal, remote), store: remoteReturns(remote), now: () => new Date(input.now) };
  return pullReturnCounted(services, input.request, progressOf(remote));
}

/** A sink that sends the workbook back in pieces of {@link PIECE_BYTES}, one in flight at a time. */
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

/** An export: the stored returns are parsed and the workbook written here, streamed back piece by piece. */
export async function exportInThread(input: { request: ExportRequest; now: string; pieces?: boolean }, remote: ThreadCaller): Promise<Outcome<{ fileName: string; contentType: string; rows: number }>> {
  const { exportReturnsTo } = await import('../gstr/jobs.js');
  const services: GstrServices = {
    // An export never asks the portal.
    portal: { isConnected: () => false, fetchReturn: async () => ({ ok: false, errors: [] }) },
    store: remoteReturns(remote, input.pieces === true),
    now: () => new Date(input.now),
  };
  return exportReturnsTo(
    services,
    input.request,
    async (fileName, contentType) => {
      await remote.call('openFile', [fileName, contentType]);
      return remoteSink(remote);
    },
    progressOf(remote),
  );
}
