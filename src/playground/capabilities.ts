/**
 * What the page loads only when it needs it, each part in its own chunk: checking a document (the
 * schemas and rules), the QR image, the PDF and the workbook. A part this browser cannot load yet is
 * reported with the reason, so the page says what it cannot do instead of failing as a whole.
 * @module
 */

export type Loaded<T> = { ok: true; module: T } | { ok: false; reason: string };

/** One lazily loaded part: the import runs once, its outcome is kept. */
function lazily<T>(load: () => Promise<T>): () => Promise<Loaded<T>> {
  let pending: Promise<Loaded<T>> | undefined;
  return () => {
    pending ??= load().then(
      (module): Loaded<T> => ({ ok: true, module }),
      (cause: unknown): Loaded<T> => ({ ok: false, reason: cause instanceof Error ? cause.message : String(cause) }),
    );
    return pending;
  };
}

export const loadChecker = lazily(() => import('./checker.js'));
export const loadPictures = lazily(() => import('./pictures.js'));
export const loadWorkbook = lazily(() => import('./workbook.js'));
