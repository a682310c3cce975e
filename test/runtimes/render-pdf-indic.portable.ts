/**
 * PDF rendering in the Indian scripts on every runtime: names and addresses shaped by HarfBuzz
 * (WebAssembly), drawn the same as on Node.
 * @module
 */
import { renderEinvoicePdf } from '../../src/render/pdf/index.js';
import { indicInvoice, record } from '../render/fixtures.js';
import { describe, it, same } from './harness.js';
import { drawnContent, looksLikePdf } from './pdf-content.js';

describe('PDF', () => {
  it('renders an e-invoice in Indian scripts (HarfBuzz shaping)', async () => {
    const r = await renderEinvoicePdf(record(), indicInvoice());
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    looksLikePdf(r.value);
    same('indic e-invoice pdf', await drawnContent(r.value));
  });
});
