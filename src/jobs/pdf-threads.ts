/**
 * A PDF renderer that renders in the threads of a pool, so the serving thread's event loop stays free while
 * a long e-invoice (1,000 lines: about 1.5 s of CPU) is drawn. The input and the PDF bytes are copied between
 * threads; the output is the same bytes the in-line renderer gives.
 * @module
 */
import type { PdfOutcome } from '../render/pdf/einvoice.js';
import type { PdfRenderer } from '../render/pdf/renderer.js';
import type { PdfTask } from './pdf-thread-task.js';
import type { ThreadPool } from './thread-pool.js';

export function threadPdfRenderer(pool: ThreadPool): PdfRenderer {
  const run = (task: PdfTask): Promise<PdfOutcome> => pool.run('pdf/render', task, {}) as Promise<PdfOutcome>;
  return {
    // Options (a logo's bytes among them) are copied to the thread with the rest.
    einvoice: (record, invoice, options) => run({ which: 'einvoice', args: options ? [record, invoice, options] : [record, invoice] }),
    ewaybill: (detail, options) => run({ which: 'ewaybill', args: options ? [detail, options] : [detail] }),
    tripSheet: (sheet) => run({ which: 'tripSheet', args: [sheet] }),
  };
}
