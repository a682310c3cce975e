/**
 * The job thread's end of a task's channel: asks the serving thread for what only it keeps (an answer
 * awaited) or tells it something (progress, the thread's id; no answer).
 * @module
 */
import type { MessagePort, TransferListItem } from 'node:worker_threads';
import type { ThreadMessage } from './thread-pool.js';
import { errorAcross } from './thread-error.js';

/** Asks the serving thread (`id` set) or tells it (no answer awaited). */
export interface ThreadCaller {
  call<T = unknown>(method: string, args: unknown[], transfer?: TransferListItem[]): Promise<T>;
  tell(method: string, args: unknown[]): void;
}

/** The caller over one task's port; answers are matched to their calls by id. */
export function threadCaller(port: MessagePort): ThreadCaller {
  let next = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  port.on('message', (m: { id: number; ok: boolean; value?: unknown; message?: string; name?: string }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(errorAcross(m.message ?? 'failed', m.name));
  });
  const send = (message: ThreadMessage, transfer?: TransferListItem[]): void => port.postMessage(message, transfer);
  return {
    call<T>(method: string, args: unknown[], transfer?: TransferListItem[]): Promise<T> {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        send({ type: 'call', id, method, args }, transfer);
      });
    },
    tell(method, args) {
      send({ type: 'call', method, args });
    },
  };
}
