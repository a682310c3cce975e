/**
 * A small pool of worker threads for the heavy part of jobs (reading pulled returns, building workbooks),
 * so the serving thread's event loop never waits behind them. A task talks to the thread that started it
 * over its own message channel: the thread calls back for what only the serving thread has (the store, the
 * job's file), and the task ends with a value or an error. A thread that dies (out of memory, a crash) fails
 * its task with a clear error and is replaced for the next one.
 * @module
 */
import { errorAcross } from './thread-error.js';
import { MessageChannel, type MessagePort, type TransferListItem, type Worker } from 'node:worker_threads';
import { spawnThread } from '../spawn-thread.js';

/** The thread's side of a task's channel. */
export type ThreadMessage =
  | { type: 'call'; id?: number; method: string; args: unknown[] }
  | { type: 'done'; value: unknown }
  | { type: 'fail'; message: string; name?: string };

import type { ThreadHandlers, ThreadPool } from '../ports/jobs.js';

export type { ThreadHandlers, ThreadPool } from '../ports/jobs.js';

export interface ThreadPoolOptions {
  /** Threads at most. Default 2. */
  size?: number;
  /** Old-generation heap of each thread, MB: a task that needs more fails instead of swelling the process. Default 512. */
  maxHeapMb?: number;
  /**
   * Young generation of each thread, MB (V8's default lets it grow to about 32 MB per thread). A job
   * thread allocates steadily, so V8 keeps it at its largest; a smaller one costs more, shorter, scavenges
   * in that thread, never on the serving thread. Default {@link JOB_THREAD_YOUNG_MB}.
   */
  maxYoungMb?: number;
  /**
   * A thread idle this long, ms, exits (the next task starts a fresh one). A thread that has just written
   * an export keeps its grown heap while idle (V8 collects when it allocates), so it is let go instead.
   * Default {@link JOB_THREAD_IDLE_MS}.
   */
  idleMs?: number;
}

/** The young generation a job thread gets by default, MB. */
export const JOB_THREAD_YOUNG_MB = Number(process.env['GSTKIT_JOB_THREAD_YOUNG_MB'] ?? 8);

/** How long an idle job thread is kept by default, ms. */
export const JOB_THREAD_IDLE_MS = Number(process.env['GSTKIT_JOB_THREAD_IDLE_MS'] ?? 5000);

/** A thread on the job entry (job-thread.ts), its heap capped. */
function spawn(maxHeapMb: number, maxYoungMb: number): Worker {
  return spawnThread(import.meta.url, 'job-thread', { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: maxYoungMb } });
}

interface Slot {
  worker: Worker;
  busy: boolean;
  /** Ends the thread once it has been idle for `idleMs`. */
  idle?: NodeJS.Timeout;
  /** Fails the running task when the thread dies. */
  onDeath?: (error: Error) => void;
}

export function createThreadPool(options: ThreadPoolOptions = {}): ThreadPool {
  const size = Math.max(1, options.size ?? 2);
  const maxHeapMb = options.maxHeapMb ?? 512;
  const maxYoungMb = options.maxYoungMb ?? JOB_THREAD_YOUNG_MB;
  const idleMs = options.idleMs ?? JOB_THREAD_IDLE_MS;
  const slots: Slot[] = [];
  const waiting: Array<(slot: Slot) => void> = [];
  let closed = false;

  const release = (slot: Slot): void => {
    slot.busy = false;
    slot.onDeath = undefined;
    const next = waiting.shift();
    if (next) {
      slot.busy = true;
      next(slot);
    } else {
      // An idle thread does not keep the process alive, and ends after a while.
      slot.worker.unref();
      slot.idle = setTimeout(() => {
        const i = slots.indexOf(slot);
        if (slot.busy || i < 0) return;
        slots.splice(i, 1);
        void slot.worker.terminate();
      }, idleMs);
      slot.idle.unref();
    }
  };

  const open = (): Slot => {
    const slot: Slot = { worker: spawn(maxHeapMb, maxYoungMb), busy: true };
    const die = (error: Error): void => {
      const i = slots.indexOf(slot);
      if (i < 0) return;
      slots.splice(i, 1);
      slot.onDeath?.(error);
      slot.onDeath = undefined;
      // Someone waiting for a thread gets a fresh one.
      const next = waiting.shift();
      if (next && !closed) {
        const fresh = open();
        next(fresh);
      }
    };
    slot.worker.on('error', (e) => die(e));
    slot.worker.on('exit', (code) => die(new Error(`the job's worker thread stopped (exit code ${code})`)));
    slots.push(slot);
    return slot;
  };

  const acquire = (): Promise<Slot> => {
    if (closed) return Promise.reject(new Error('the job thread pool is closed'));
    const free = slots.find((s) => !s.busy);
    if (free) {
      clearTimeout(free.idle);
      free.busy = true;
      return Promise.resolve(free);
    }
    if (slots.length < size) return Promise.resolve(open());
    return new Promise((resolve) => waiting.push(resolve));
  };

  return {
    get threadIds() {
      return slots.map((s) => s.worker.threadId);
    },
    async run(kind, input, handlers) {
      const slot = await acquire();
      slot.worker.ref();
      const { port1, port2 } = new MessageChannel();
      try {
        return await new Promise<unknown>((resolve, reject) => {
          slot.onDeath = (error) =>
            reject(
              error.message.includes('ERR_WORKER_OUT_OF_MEMORY') || (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
                ? new Error(`the job needed more than the ${maxHeapMb} MB a job thread may use`)
                : error,
            );
          port1.on('message', (message: ThreadMessage) => {
            if (message.type === 'done') resolve(message.value);
            else if (message.type === 'fail') reject(errorAcross(message.message, message.name));
            else void answer(port1, handlers, message);
          });
          slot.worker.postMessage({ kind, input, port: port2 }, [port2]);
        });
      } finally {
        port1.close();
        if (slots.includes(slot)) release(slot);
      }
    },
    async close() {
      closed = true;
      const all = slots.splice(0);
      for (const s of all) clearTimeout(s.idle);
      for (const s of all) s.onDeath?.(new Error('the job thread pool was closed'));
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

/** Answers one call from a thread; bytes in the answer are moved, not copied. */
async function answer(port: MessagePort, handlers: ThreadHandlers, message: Extract<ThreadMessage, { type: 'call' }>): Promise<void> {
  const handler = handlers[message.method] as ((...args: unknown[]) => unknown) | undefined;
  try {
    if (!handler) throw new Error(`no handler for ${message.method}`);
    const value = await handler(...message.args);
    if (message.id === undefined) return;
    const transfer: TransferListItem[] =
      value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? [value.buffer as ArrayBuffer] : [];
    port.postMessage({ id: message.id, ok: true, value }, transfer);
  } catch (e) {
    if (message.id === undefined) return;
    port.postMessage({ id: message.id, ok: false, message: e instanceof Error ? e.message : String(e), ...(e instanceof Error ? { name: e.name } : {}) });
  }
}
