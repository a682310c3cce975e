import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTripSheetPdf } from '../../src/render/pdf/index.js';
import { hasTool, run } from './tools.js';

const poppler = hasTool('pdftotext') && hasTool('pdfinfo');
const why = poppler ? '' : ' (pdftotext missing: apt-get install poppler-utils)';
const dir = mkdtempSync(join(tmpdir(), 'gstkit-trip-'));

function member(i: number): Record<string, unknown> {
  return {
    ewbNo: String(331009876500 + i),
    ewayBillDate: '14/11/2026 10:15:00',
    status: i === 1 ? 'CNL' : 'ACT',
    userGstin: '33AAHCT2290K1Z6',
    docType: 'INV',
    docNo: `TFPL/2026/${3300 + i}`,
    docDate: '12/11/2026',
    fromGstin: '33AAHCT2290K1Z6',
    fromTrdName: 'Thamirabarani Fasteners',
    fromPlace: 'Chennai',
    toGstin: '33AAEFV6613B1ZL',
    toTrdName: 'Vaigai Engineering Works',
    toPlace: 'Coimbatore',
    totInvValue: 123456.5 + i,
    validUpto: '17/11/2026 23:59:00',
  };
}

function sheet(members: number): Record<string, unknown> {
  return {
    tripSheetNo: '3310004217',
    tripSheetStatus: 'ACT',
    userGstin: '33AAFCP8841N1ZX',
    enteredDate: '14/11/2026 11:00:00',
    fromPlace: 'Salem',
    fromState: 33,
    vehicleNo: 'TN45BZ7702',
    transMode: '1',
    transDocNo: 'PL/SLM/40190',
    transDocDate: '14/11/2026',
    tripSheetEwbBills: Array.from({ length: members }, (_, i) => member(i)),
    vehicleListDetails: [
      {
        tripSheetNo: '3310004210',
        vehicleNo: 'TN22CX4521',
        fromPlace: 'Chennai',
        fromState: 33,
        transMode: '1',
        transDocNo: 'PL/CHN/40188',
        transDocDate: '14/11/2026',
        enteredDate: '14/11/2026 10:30:00',
      },
      {
        tripSheetNo: '3310004217',
        vehicleNo: 'TN45BZ7702',
        fromPlace: 'Salem',
        fromState: 33,
        transMode: '1',
        transDocNo: 'PL/SLM/40190',
        transDocDate: '14/11/2026',
        reasonCode: '1',
        reasonRem: 'Vehicle broke down near Salem',
        enteredDate: '14/11/2026 11:00:00',
      },
    ],
  };
}

async function render(doc: unknown): Promise<Uint8Array> {
  const r = await renderTripSheetPdf(doc);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

describe('trip sheet PDF', () => {
  it.skipIf(!poppler)(`reads back with the number, the vehicles and every member${why}`, async () => {
    const file = join(dir, 'trip.pdf');
    writeFileSync(file, await render({ Success: true, Response: sheet(3) }));
    const t = run('pdftotext', ['-layout', file, '-']);
    expect(t).toContain('Consolidated e-Way Bill');
    expect(t).toContain('3310004217');
    expect(t).toContain('TN45BZ7702');
    expect(t).toContain('TN22CX4521');
    expect(t).toMatch(/Vehicle broke down\s+(.*\s+)?near Salem/);
    expect(t).toContain('Tamil Nadu (33)');
    for (let i = 0; i < 3; i++) expect(t).toContain(String(331009876500 + i));
    expect(t).toContain('₹ 1,23,457.50');
    expect(t).toContain('CANCELLED');
  });

  it.skipIf(!poppler)(`flows 150 members over several pages, the title repeated${why}`, async () => {
    const file = join(dir, 'long.pdf');
    writeFileSync(file, await render(sheet(150)));
    const pages = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [file]))?.[1]);
    expect(pages).toBeGreaterThan(2);
    const t = run('pdftotext', ['-layout', file, '-']);
    expect(t).toContain(String(331009876500 + 149));
    expect(t.match(/Consolidated e-Way Bill 3310004217/g)?.length).toBeGreaterThanOrEqual(pages);
  });

  it.skipIf(!poppler || !hasTool('zbarimg') || !hasTool('pdftoppm'))(`prints a QR that decodes to number, generator and date${why}`, async () => {
    const file = join(dir, 'qr.pdf');
    writeFileSync(file, await render(sheet(2)));
    run('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', file, join(dir, 'qr-page')]);
    const decoded = run('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', join(dir, 'qr-page-1.png')]).trim();
    expect(decoded).toBe('3310004217/33AAFCP8841N1ZX/14/11/2026 11:00:00');
  });

  it('gives equal bytes for equal input', async () => {
    expect(Buffer.from(await render(sheet(4))).equals(Buffer.from(await render(sheet(4))))).toBe(true);
  });

  it('refuses what is not a trip sheet with a code', async () => {
    const notObject = await renderTripSheetPdf('trip');
    expect(notObject.ok ? 'rendered' : notObject.errors[0]!.code).toBe('SVC-520');
    const noNumber = await renderTripSheetPdf({ Response: { tripSheetEwbBills: [] } });
    expect(noNumber.ok ? 'rendered' : noNumber.errors[0]!.code).toBe('SVC-526');
  });
});
