import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderEinvoicePdf, type EinvoicePdfOptions, type EinvoicePdfRecord } from '../../src/render/pdf/index.js';
import type { IrnPayload } from '../../src/types/payloads.js';
import { erpInvoice, invoice, record } from './fixtures.js';
import { hasTool, run } from './tools.js';

const poppler = hasTool('pdftotext');
const why = poppler ? '' : ' (pdftotext missing: apt-get install poppler-utils)';
const dir = mkdtempSync(join(tmpdir(), 'gstkit-pdf-docs-'));

async function pdfText(rec: EinvoicePdfRecord, inv: IrnPayload, name: string, options?: EinvoicePdfOptions): Promise<string> {
  const r = await renderEinvoicePdf(rec, inv, options);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const file = join(dir, name);
  writeFileSync(file, r.value);
  return run('pdftotext', ['-layout', file, '-']);
}

describe('the e-invoice PDF shows what an Indian tax invoice carries', () => {
  it.skipIf(!poppler)(`bank account, IFSC, PO number and contract, preceding invoice and the signatory${why}`, async () => {
    const t = await pdfText(record(), erpInvoice(), 'erp.pdf');
    expect(t).toContain('Account No.: 50200012345678');
    expect(t).toContain('IFSC / Branch: HDFC0001234');
    expect(t).toContain('Mode: Direct Transfer');
    expect(t).toContain('Credit Period: 30 days, due by 31/10/2025');
    expect(t).toContain('PO No.: PO-4471/25 dated 15/09/2025');
    expect(t).toContain('Contract: RC-2025-118');
    expect(t).toContain('Preceding Invoice: INV/2025/0007 dated 05/09/2025');
    expect(t).toContain('Remarks: Goods once sold are not taken back');
    expect(t).toContain('For Sundaram Precision Works Pvt Ltd');
    expect(t).toContain('Authorised Signatory');
  });

  it.skipIf(!poppler)(`prints the IRP's yyyy-MM-dd Ack Date and e-waybill dates as DD/MM/YYYY${why}`, async () => {
    const rec = { ...record(), AckDt: '2025-10-01 14:35:12', EwbDt: '2025-10-01 14:36:00', EwbValidTill: '2025-10-02 23:59:00' };
    const t = await pdfText(rec, invoice(1), 'iso-dates.pdf');
    expect(t).toMatch(/Ack Date\s+01\/10\/2025 14:35:12/);
    expect(t).toMatch(/E-way Bill Date\s+01\/10\/2025 14:36:00/);
    expect(t).toMatch(/Valid Until\s+02\/10\/2025 23:59:00/);
    expect(t).not.toContain('2025-10-0');
  });

  it.skipIf(!poppler)(`prints the caller's terms and conditions; no payment or reference block when the payload has none${why}`, async () => {
    const t = await pdfText(record(), invoice(1), 'terms.pdf', { terms: 'Interest at 18% p.a. after the due date.\nSubject to Bengaluru jurisdiction.' });
    expect(t).toContain('Terms and Conditions');
    expect(t).toContain('Subject to Bengaluru jurisdiction.');
    expect(t).not.toContain('Payment and Bank Details');
    expect(t).not.toContain('References');
    expect(t).toContain('Authorised Signatory');
  });
});
