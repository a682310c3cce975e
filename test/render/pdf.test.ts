import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderEinvoicePdf, renderEwaybillPdf, type EinvoicePdfRecord, type EwaybillPdfDetail } from '../../src/render/pdf/index.js';
import type { IrnPayload } from '../../src/types/payloads.js';
import { ewaybill, invoice, IRN, record, SIGNED_QR } from './fixtures.js';
import { hasTool, run } from './tools.js';

const poppler = hasTool('pdftotext') && hasTool('pdfinfo');
const why = poppler ? '' : ' (pdftotext missing: apt-get install poppler-utils)';
const dir = mkdtempSync(join(tmpdir(), 'gstkit-pdf-'));

async function pdf(rec: EinvoicePdfRecord, inv: IrnPayload): Promise<Uint8Array> {
  const r = await renderEinvoicePdf(rec, inv);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

function text(bytes: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return run('pdftotext', ['-layout', file, '-']);
}

function pages(bytes: Uint8Array, name: string): number {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [file]))?.[1]);
}

describe('e-invoice PDF', () => {
  it.skipIf(!poppler)(`shows IRN, Ack No, every HSN, state names and Indian-grouped totals${why}`, async () => {
    const inv = invoice(40);
    const t = text(await pdf(record(), inv), 'small.pdf');
    expect(t).toContain('Tax Invoice');
    expect(t).toContain(IRN);
    expect(t).toContain('112510012345678');
    for (const item of inv['ItemList'] as Array<{ HsnCd: string }>) expect(t).toContain(item.HsnCd);
    expect(t).toContain('Karnataka (29)');
    const total = (inv['ValDtls'] as { TotInvVal: number }).TotInvVal;
    expect(total).toBeGreaterThan(100000);
    const grouped = total.toFixed(2).replace(/(\d)(?=(\d\d)+\d\.)/g, '$1,');
    expect(t).toContain(`₹ ${grouped}`);
    expect(t).toMatch(/Rupees One Lakh [A-Za-z ]+/);
    expect(t).toContain('321009876543');
    expect(t).toMatch(/Page 1 of \d/);
  });

  it.skipIf(!poppler)(`a 1,000-item invoice flows over pages with the header repeated${why}`, async () => {
    const bytes = await pdf(record(), invoice(1000, { interState: true }));
    const n = pages(bytes, 'big.pdf');
    expect(n).toBeGreaterThan(15);
    const t = text(bytes, 'big.pdf');
    expect(t).toContain(`Page ${n} of ${n}`);
    expect(t.match(/Taxable Value/g)?.length).toBeGreaterThanOrEqual(n);
    expect(t).toContain('Maharashtra (27)');
  });

  it.skipIf(!poppler)(`titles credit notes and stamps cancelled IRNs; long text wraps${why}`, async () => {
    const inv = invoice(2, { longText: true });
    (inv['DocDtls'] as Record<string, string>)['Typ'] = 'CRN';
    const t = text(await pdf(record('CNL'), inv), 'cnl.pdf');
    expect(t).toContain('Credit Note');
    expect(t).toContain('CANCELLED');
    for (const line of t.split('\n')) expect(line.length).toBeLessThan(260);
  });

  it.skipIf(!poppler || !hasTool('zbarimg') || !hasTool('pdftoppm'))(`prints a signed QR that decodes back from the page image${why}`, async () => {
    const file = join(dir, 'qr.pdf');
    writeFileSync(file, await pdf(record(), invoice(3)));
    run('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', file, join(dir, 'qr-page')]);
    const decoded = run('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', join(dir, 'qr-page-1.png')]);
    expect(decoded.replace(/\n$/, '')).toBe(SIGNED_QR);
  });

  it('gives identical bytes for identical input', async () => {
    const a = await pdf(record(), invoice(5));
    const b = await pdf(record(), invoice(5));
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(a).toString('latin1')).toContain('/Producer <FEFF006700730074006B00690074>');
  });

  it('refuses a record without IRN and an invoice without items', async () => {
    const noIrn = await renderEinvoicePdf({ ...record(), Irn: '' }, invoice(1));
    expect(noIrn.ok ? '' : noIrn.errors[0]?.code).toBe('SVC-521');
    const noItems = await renderEinvoicePdf(record(), { ...invoice(1), ItemList: [] });
    expect(noItems.ok ? '' : noItems.errors[0]?.code).toBe('SVC-522');
  });
});

describe('e-waybill PDF', () => {
  it.skipIf(!poppler)(`shows number, validity, parts A and B and the vehicle history${why}`, async () => {
    const r = await renderEwaybillPdf({ Success: true, Response: ewaybill() });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const t = text(r.value, 'ewb.pdf');
    // validUpto came as the portal writes it (11:59:00 PM) and is shown in the service's 24-hour form.
    for (const s of [
      '321009876543',
      '06/10/2025 23:59:00',
      'Part - A',
      'Part - B',
      'KA01AB1234',
      'MH12XY9876',
      'Outward - Supply',
      '73181500',
      'Maharashtra (27)',
      '1,18,000.00',
    ]) {
      expect(t).toContain(s);
    }
  });

  it.skipIf(!poppler)(`stamps a cancelled e-waybill${why}`, async () => {
    const r = await renderEwaybillPdf(ewaybill('CNL'));
    expect(r.ok && text(r.value, 'ewb-cnl.pdf')).toContain('CANCELLED');
  });

  it.skipIf(!poppler)(`renders a detail as the portal returns it: AM/PM times, padded codes, numbers as strings, nulls${why}`, async () => {
    const portal = JSON.parse(readFileSync(new URL('../fixtures/portal-responses/ewb-detail.json', import.meta.url), 'utf8'));
    const r = await renderEwaybillPdf(portal);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const t = text(r.value, 'ewb-portal.pdf');
    for (const s of [
      '381004782215',
      '03/11/2026 12:07:00',
      '05/11/2026 23:59:00',
      '04/11/2026 00:41:00',
      'Outward - Supply',
      'Regular',
      'Road',
      '56,876.00',
      '48,200.00',
      'TN09CK2231',
      'Tamil Nadu (33)',
      '84821011',
    ]) {
      expect(t).toContain(s);
    }
    expect(t).not.toContain('null');
    expect(t).not.toContain(' PM');
    const bare = await renderEwaybillPdf(JSON.parse(readFileSync(new URL('../fixtures/portal-responses/ewb-detail-bare.json', import.meta.url), 'utf8')));
    if (!bare.ok) throw new Error(JSON.stringify(bare.errors));
    expect(text(bare.value, 'ewb-bare.pdf')).toContain('Outward - Job Work');
  });

  it('takes typed records, so a misspelt field fails to compile', () => {
    // @ts-expect-error IrnStatuss is not a field of the IRN record (npm run typecheck enforces this line)
    const rec: EinvoicePdfRecord = { Irn: IRN, IrnStatuss: 'CNL' };
    // @ts-expect-error the e-waybill number is a number in the detail record
    const detail: EwaybillPdfDetail = { ...ewaybill(), ewbNo: 'one' };
    expect([rec.Irn, typeof detail]).toEqual([IRN, 'object']);
  });

  it('refuses a detail without e-waybill number', async () => {
    // A body without the e-waybill's fields, as a careless caller might pass it: refused at run time.
    const r = await renderEwaybillPdf({ Response: {} } as unknown as EwaybillPdfDetail);
    expect(r.ok ? '' : r.errors[0]?.code).toBe('SVC-523');
  });
});
