/**
 * PDF rendering on every runtime: the e-invoice and e-waybill documents in Latin script, drawn the same
 * as on Node (the Indian scripts, shaped by HarfBuzz, are in render-pdf-indic.portable.ts).
 * @module
 */
import { renderEinvoicePdf, renderEwaybillPdf } from '../../src/render/pdf/index.js';
import { ewaybill, invoice, record } from '../render/fixtures.js';
import { describe, it, same } from './harness.js';
import { drawnContent, looksLikePdf } from './pdf-content.js';

describe('PDF', () => {
  it('renders an e-invoice', async () => {
    const r = await renderEinvoicePdf(record(), invoice(3));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    looksLikePdf(r.value);
    same('e-invoice pdf', await drawnContent(r.value));
  });

  it('renders an e-waybill', async () => {
    const r = await renderEwaybillPdf(ewaybill());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    looksLikePdf(r.value);
    same('e-waybill pdf', await drawnContent(r.value));
  });
});
