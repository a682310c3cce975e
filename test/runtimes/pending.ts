/**
 * The portable test files a runtime does not run yet, each with why. scripts/test-runtimes.ts prints this
 * list on every run and checks it against the bundles: a file that reaches a `node:` module the runtime
 * lacks must be listed, and a listed file that no longer does must be taken off (the run fails either way),
 * so the list shrinks as the core stops reading the package's files through `node:fs`.
 * @module
 */

export type PendingRuntime = 'chromium' | 'workerd';

/**
 * Why a file cannot run on a runtime that refuses, at run time, what it does: no import shows it, so the
 * runner takes this list's word (and the runtime's failure when the file is taken off proves it).
 */
export const WASM_FROM_BYTES =
  'harfbuzzjs locates its WebAssembly with `new URL("harfbuzz.wasm", import.meta.url)`, which fails on workerd (TypeError: Invalid URL string), then would compile it from bytes, which Workers forbid (they import a compiled module); it takes no compiled module from its caller';

/** The reasons the runner cannot see in the imports. */
export const refusedAtRunTime: readonly string[] = [WASM_FROM_BYTES];

export const pending: Readonly<Record<PendingRuntime, Readonly<Record<string, string>>>> = {
  chromium: {},
  workerd: {
    'render-pdf-indic.portable.ts': WASM_FROM_BYTES,
  },
};
