/**
 * Starts `gstkit serve` as a user would (a child process on a free port) and reads what it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  process: ChildProcess;
  base: string;
  /** The `Authorization` header of the printed demo key (or of `key` when given). */
  auth: string;
  printed: string;
  /** Everything the server has written to stderr so far. */
  stderr?(): string;
  call(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a server with `env` added to this process's environment (and `nodeArgs` given to node, e.g. `--cpu-prof`). */
export async function startServer(env: Record<string, string>, options: { key?: string; command?: string; nodeArgs?: string[] } = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/cli.ts', options.command ?? 'serve', '--port', '0'], {
    cwd: root,
    env: { ...process.env, PORT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  let errors = '';
  child.stderr!.on('data', (c: Buffer) => (errors += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${printed}${errors}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('the whole API')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}: ${printed}${errors}`));
    });
  });
  const base = /listening on (http:\/\/\S+)/.exec(printed)![1]!;
  const key = options.key ?? /demo api key: (\S+)/.exec(printed)![1]!;
  const auth = 'Basic ' + Buffer.from(key).toString('base64');
  return {
    process: child,
    base,
    auth,
    printed,
    stderr: () => errors,
    call: (path, init = {}) =>
      fetch(base + path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: { authorization: auth, 'content-type': 'application/json', ...init.headers },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
