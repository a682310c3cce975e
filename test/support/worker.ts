/**
 * Starts `gstkit worker` as a host would (a child process) and waits until it runs jobs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { root } from './server.js';

export interface RunningWorker {
  process: ChildProcess;
  /** Everything the worker has printed so far, stdout and stderr. */
  printed(): string;
  stop(): Promise<void>;
}

export async function startWorker(env: Record<string, string>): Promise<RunningWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'worker'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (printed += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${printed}`)), 90_000);
    const check = (): void => {
      if (!printed.includes('running jobs')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited ${code}: ${printed}`));
    });
  });
  return {
    process: child,
    printed: () => printed,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
