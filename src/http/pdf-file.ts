/**
 * `pdf=file`: the route answers the PDF itself (`application/pdf`, with a file name), so a browser link or
 * `curl -o` saves a document without decoding Base64 out of JSON. `pdf=yes` keeps the JSON answer with
 * the PDF inside it.
 * @module
 */
import type { Issue } from '../issue.js';
import type { PdfOutcome } from '../render/pdf/einvoice.js';
import { svcFailure } from './responses.js';

/** Header values must be one line of visible ASCII. */
function headerText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, ' ').slice(0, 500);
}

/** A file name from a document number: `INV/2025/42` gives `einvoice-INV-2025-42.pdf`. */
export function pdfFileName(kind: string, documentNo: string): string {
  const safe = documentNo.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${kind}${safe ? `-${safe}` : ''}.pdf`;
}

/**
 * The PDF as the answer, with `extra` headers (the IRN and acknowledgement number of a document just
 * registered, which the JSON answer would have carried) and the render's warnings in `svc-warning`.
 * A render that failed answers the Success-style failure with its codes.
 */
export function pdfFileResponse(outcome: PdfOutcome, fileName: string, extra: Record<string, string> = {}, notes: readonly Issue[] = []): Response {
  if (!outcome.ok) return svcFailure(422, outcome.errors);
  const warnings = [...notes, ...outcome.warnings];
  const bytes = outcome.value as Uint8Array<ArrayBuffer>;
  return new Response(bytes, {
    status: 200,
    headers: {
      ...extra,
      'content-type': 'application/pdf',
      'content-length': String(bytes.byteLength),
      'content-disposition': `attachment; filename="${fileName}"`,
      ...(warnings.length > 0 ? { 'svc-warning': headerText(warnings.map((n) => `${n.code} ${n.message}`).join('; ')) } : {}),
    },
  });
}
