/**
 * The entry of a job worker thread (see thread-pool.ts): takes one task at a time, runs it, and talks
 * back to the serving thread over the task's own channel.
 * @module
 */
import { parentPort, threadId, type MessagePort, type TransferListItem } from 'node:worker_threads';
import type { ThreadMessage } from './thread-pool.js';
import { errorAcross } from './thread-error.js';

/** Asks the serving thread (`id` set) or tells it (no answer awaited). */
export interface ThreadCaller {
  call<T = unknown>(method: string, args: unknown[], transfer?: TransferListItem[]): Promise<T>;
  tell(method: string, args: unknown[]): void;
}

function caller(port: MessagePort): ThreadCaller {
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

type Task = (input: never, remote: ThreadCaller) => Promise<unknown>;

async function task(kind: string): Promise<Task> {
  if (kind === 'gstr/pull' || kind === 'gstr/export') {
    const tasks = await import('./gstr-thread-tasks.js');
    return (kind === 'gstr/pull' ? tasks.pullInThread : tasks.exportInThread) as Task;
  }
  if (kind === 'reconcile/2b' || kind === 'gstr1/build') {
    const tasks = await import('./work-thread-tasks.js');
    return (kind === 'reconcile/2b' ? tasks.reconcileInThread : tasks.gstr1InThread) as Task;
  }
  if (kind === 'pdf/render') return (await import('./pdf-thread-task.js')).renderPdfInThread as Task;
  throw new Error(`unknown job thread task ${kind}`);
}

parentPort?.on('message', (message: { kind: string; input: unknown; port: MessagePort }) => {
  const { port } = message;
  const remote = caller(port);
  // Says where the work runs (the serving thread may record it).
  remote.tell('started', [threadId]);
  const end = (m: ThreadMessage): void => {
    port.postMessage(m);
    port.close();
  };
  void task(message.kind)
    .then((run) => run(message.input as never, remote))
    .then(
      (value) => end({ type: 'done', value }),
      (e: unknown) => end({ type: 'fail', message: e instanceof Error ? e.message : String(e), ...(e instanceof Error ? { name: e.name } : {}) }),
    );
});
