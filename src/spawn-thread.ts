/**
 * Starts a worker thread on a module that sits beside the caller: the built `.js` when it is there (the
 * installed package), otherwise the `.ts` source through tsx's loader (tests and `tsx` runs from a clone).
 * @module
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

/** `base` is the caller's `import.meta.url`; `name` the module's name without extension. */
export function spawnThread(base: string, name: string, options: { resourceLimits?: ResourceLimits } = {}): Worker {
  const js = new URL(`./${name}.js`, base);
  // execArgv []: a loader the host runs under (tsx, a test runner) is not loaded again in every thread.
  if (existsSync(fileURLToPath(js))) return new Worker(js, { ...options, execArgv: [] });
  const ts = new URL(`./${name}.ts`, base).href;
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(ts)}); })`;
  return new Worker(boot, { ...options, eval: true, execArgv: [] });
}
