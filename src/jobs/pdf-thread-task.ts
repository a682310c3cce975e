/**
 * The worker-thread side of PDF rendering: the same renderer the serving thread would run, on this thread.
 * @module
 */
import type { PdfOutcome } from '../render/pdf/einvoice.js';
import { inlinePdfRenderer, type PdfRenderer } from '../render/pdf/renderer.js';

/** One PDF to render: which renderer method, and its arguments as they crossed the thread boundary. */
export interface PdfTask {
  which: keyof PdfRenderer;
  args: unknown[];
}

export function renderPdfInThread(input: PdfTask): Promise<PdfOutcome> {
  const render = inlinePdfRenderer[input.which] as (...args: unknown[]) => Promise<PdfOutcome>;
  if (typeof render !== 'function') return Promise.reject(new Error(`no PDF renderer ${String(input.which)}`));
  return render(...input.args);
}
