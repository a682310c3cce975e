/**
 * The portable test files a runtime does not run yet, each with why. scripts/test-runtimes.ts prints this
 * list on every run and checks it against the bundles: a file that reaches a `node:` module the runtime
 * lacks must be listed, and a listed file that no longer does must be taken off (the run fails either way),
 * so the list shrinks as the core stops reading the package's files through `node:fs`.
 * @module
 */

export type PendingRuntime = 'chromium' | 'workerd';

/** Why validation cannot run on workerd, whatever its imports (none listed now: the validators are compiled ahead of time). */
export const AJV_NEEDS_EVAL =
  'Ajv compiles each JSON Schema validator with `new Function`, which workerd forbids: pending the validators compiled ahead of time';

const FONTS_FROM_DISK = 'render/pdf/engine/font.ts reads fonts/ with node:fs';

export const pending: Readonly<Record<PendingRuntime, Readonly<Record<string, string>>>> = {
  chromium: {
    'render-pdf.portable.ts': FONTS_FROM_DISK,
  },
  // workerd (nodejs_compat) has node:crypto and node:zlib, but no files of the package to read.
  workerd: {
    'render-pdf.portable.ts': FONTS_FROM_DISK,
  },
};
