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
const SHA256 = 'compute/irn.ts hashes with node:crypto';
const PNG_DEFLATE = 'render/qr/png.ts deflates with node:zlib';
const PDF_DEFLATE = 'render/pdf/engine/canvas.ts deflates and hashes with node:zlib and node:crypto';

export const pending: Readonly<Record<PendingRuntime, Readonly<Record<string, string>>>> = {
  chromium: {
    'irn.portable.ts': SHA256,
    'qr.portable.ts': PNG_DEFLATE,
    'render-pdf.portable.ts': `${FONTS_FROM_DISK}; ${PDF_DEFLATE}`,
  },
  // workerd (nodejs_compat) has node:crypto and node:zlib, but no files of the package to read.
  workerd: {
    'render-pdf.portable.ts': FONTS_FROM_DISK,
  },
};
