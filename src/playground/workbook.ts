/**
 * The reconciliation's Excel report, written in the browser by the library's own workbook writer into
 * memory. Loaded on first use, in its own chunk.
 * @module
 */
import { writeReconcileReport } from '../reconcile/excel.js';
import type { ReconcileResult } from '../reconcile/types.js';

/** The .xlsx bytes of `result`. */
export async function reconcileWorkbook(result: ReconcileResult): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await writeReconcileReport({ write: (chunk) => void chunks.push(chunk.slice()) }, result);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
