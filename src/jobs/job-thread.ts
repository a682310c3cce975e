/**
 * The entry of a job worker thread (see thread-pool.ts): takes one task at a time, runs it, and talks
 * back to the serving thread over the task's own channel. A job's task is the thread's side of its
 * descriptor in the job catalogue; PDF rendering is the one task that is not a job.
 * @module
 */
import { parentPort, threadId, type MessagePort } from 'node:worker_threads';
import type { ThreadMessage } from './thread-pool.js';
import type { ThreadTask } from './catalogue/descriptor.js';
import { jobThreadTask } from './catalogue/index.js';
import { threadCaller } from './thread-caller.js';

async function task(kind: string): Promise<ThreadTask> {
  if (kind === 'pdf/render') return (await import('./pdf-thread-task.js')).renderPdfInThread as ThreadTask;
  const work = jobThreadTask(kind);
  if (!work) throw new Error(`unknown job thread task ${kind}`);
  return work;
}

parentPort?.on('message', (message: { kind: string; input: unknown; port: MessagePort }) => {
  const { port } = message;
  const remote = threadCaller(port);
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
