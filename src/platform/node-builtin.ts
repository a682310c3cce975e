/**
 * Node's built-in modules where the runtime offers them, without importing them: Node (20.16 and later),
 * Deno and Bun give them synchronously through `process.getBuiltinModule`; browsers and Workers without it
 * get undefined, and the caller takes its portable path. No static `node:` import, so the core still
 * bundles for any runtime.
 * @module
 */

type BuiltinGetter = (name: string) => unknown;

/** The runtime's `process.getBuiltinModule`, looked up once. */
const getBuiltin: BuiltinGetter | undefined = (() => {
  const process = (globalThis as { process?: { getBuiltinModule?: unknown } }).process;
  const getter = process?.getBuiltinModule;
  return typeof getter === 'function' ? (getter.bind(process) as BuiltinGetter) : undefined;
})();

/** Whether the portable paths are forced, as the tests of those paths do on Node. */
let forcedPortable = false;

/** The modules already asked for (undefined for one the runtime lacks): hot paths ask on every call. */
const found = new Map<string, unknown>();

/**
 * The built-in module `name` (`node:zlib`, `node:crypto`, `node:fs`), or undefined where the runtime has
 * none. `T` is the part of its interface the caller uses.
 */
export function nodeBuiltin<T>(name: `node:${string}`): T | undefined {
  if (forcedPortable || !getBuiltin) return undefined;
  if (found.has(name)) return found.get(name) as T | undefined;
  let module: unknown;
  try {
    module = getBuiltin(name) ?? undefined;
  } catch {
    // A runtime that knows the function but not the module (a Worker without the compatibility flag).
    module = undefined;
  }
  found.set(name, module);
  return module as T | undefined;
}

/**
 * Makes {@link nodeBuiltin} answer undefined (true) or the runtime's modules again (false), so that a test
 * on Node runs the code a browser runs. Callers ask per call, so the switch takes effect at once.
 */
export function forcePortablePaths(on: boolean): void {
  forcedPortable = on;
}
