/**
 * The page in real Chromium (Debian's `chromium`, driven by playwright-core): each example is dropped on
 * the page as a person would, and what the page then shows is checked: the verdict and the findings beside
 * their fields, the totals, the QR code decoded back from the page's image (zbarimg), the PDF's text
 * (pdftotext), the reconciliation's counts against the library's own in Node, the filters and the Excel
 * report. Any console error fails. Screenshots go to .tmp/page-screenshots (GSTKIT_PAGE_SCREENSHOTS).
 * Without Chromium the file is skipped, and fails under CI=true.
 * @module
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGstr2b } from '../../src/gstr/read-2b.js';
import { readPurchaseCsv } from '../../src/reconcile/purchase-csv.js';
import { reconcile } from '../../src/reconcile/reconcile.js';
import { validate } from '../../src/validate.js';
import { chromiumPath, hasChromium, servePage, type ServedPage } from './page-server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const examples = path.join(root, 'src', 'playground', 'examples');
const example = (name: string): string => readFileSync(path.join(examples, name), 'utf8');
const screenshots = process.env['GSTKIT_PAGE_SCREENSHOTS'] ?? path.join(root, '.tmp', 'page-screenshots');
const inCi = process.env['CI'] === 'true';

/**
 * Parts of the page the core cannot do in Chromium yet, with why (test/runtimes/pending.ts tracks the
 * modules). For each, the test checks that the page says so; a part listed here that works fails the
 * test, so the list only shrinks.
 */
const pendingInChromium: Readonly<Partial<Record<'checking' | 'pictures' | 'workbook', string>>> = {};
const pendingPart = (part: keyof typeof pendingInChromium): string | undefined => pendingInChromium[part];

if (!hasChromium && inCi) {
  describe('the page in Chromium', () => {
    it('needs Chromium', () => {
      throw new Error(`no Chromium at ${chromiumPath}: apt-get install chromium (or set GSTKIT_CHROMIUM)`);
    });
  });
}

describe.skipIf(!hasChromium)('the page in Chromium', () => {
  let served: ServedPage;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    served = await servePage();
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    context = await browser.newContext({ acceptDownloads: true });
    page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => consoleErrors.push(`${e.name}: ${e.message}`));
    await page.goto(served.url);
    mkdirSync(screenshots, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  /** Drops a file on a drop zone, as dragging it from the desktop does. */
  async function drop(zone: string, name: string, content: string, type: string): Promise<void> {
    const dataTransfer = await page.evaluateHandle(
      ([n, c, t]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([c as string], n as string, { type: t as string }));
        return transfer;
      },
      [name, content, type],
    );
    await page.dispatchEvent(zone, 'drop', { dataTransfer });
  }

  const judgements = (): Promise<number> => page.evaluate(() => Number(document.body.dataset['judgements'] ?? 0));

  /** Runs `act`, then waits for the page to finish judging what it was given. */
  async function judged(act: () => Promise<void>): Promise<void> {
    const before = await judgements();
    await act();
    await page.waitForFunction((b) => Number(document.body.dataset['judgements'] ?? 0) > b, before);
  }

  const dropDocument = (name: string): Promise<void> => judged(() => drop('#doc-drop', name, example(name), 'application/json'));

  const text = (selector: string): Promise<string> => page.locator(selector).innerText();

  it('loads with no console error, every control labelled, and only its own files allowed by its CSP', async () => {
    const answer = await page.request.get(served.url);
    expect(answer.headers()['content-security-policy']).toContain("script-src 'self'");
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, textarea')].filter((e) => (e as HTMLInputElement).labels?.length === 0).map((e) => e.id),
    );
    expect(unlabelled).toEqual([]);
    // Keyboard: the first Tab reaches the skip link, and every control can take the focus.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip');
    expect(consoleErrors).toEqual([]);
  });

  it('judges the invalid e-invoice: verdict, findings beside their fields with their evidence, totals', async () => {
    await dropDocument('einvoice-invalid.json');
    const node = validate('irn', JSON.parse(example('einvoice-invalid.json')), { today: '18/11/2026' });
    const reason = pendingPart('checking');
    if (reason) {
      expect(await text('#verdict')).toContain('cannot be checked in this browser yet');
      expect(await text('#verdict')).toContain(reason);
    } else {
      expect(await text('#verdict')).toBe(`Invalid e-invoice: ${node.errors.length} errors.`);
      // The wrong GSTIN's finding sits on the seller's GSTIN row, the IGST on the line's row, with the rule's evidence.
      expect(await text('#field-SellerDtls-Gstin .notes')).toContain('SVC-152');
      // Of the rules sharing SVC-152, the seller's is named.
      expect(await text('#field-SellerDtls-Gstin .notes')).toContain('EINV-SELLER-GSTIN');
      expect(await text('#field-SellerDtls-Gstin .notes')).not.toContain('EINV-BUYER-GSTIN');
      expect(await page.locator('#field-ItemList-1-IgstAmt').getAttribute('class')).toContain('has-error');
      expect(await text('#findings')).toContain('2172');
      expect(await text('#findings')).toMatch(/evidence: IRP 2172/);
    }
    // Declared beside computed: the invoice value was raised by ₹500.
    const totals = await text('#totals');
    expect(totals).toContain('TotInvVal');
    expect(totals).toMatch(/TotInvVal\s+₹62,096\.00\s+₹61,596\.00\s+no/);
    await page.screenshot({ path: path.join(screenshots, 'einvoice-invalid.png'), fullPage: true });
    expect(consoleErrors).toEqual([]);
  });

  it('judges the valid e-invoice and shows its QR code and PDF', async () => {
    const drawn = await page.evaluate(() => Number(document.body.dataset['pictures'] ?? 0));
    await dropDocument('einvoice-valid.json');
    const checking = pendingPart('checking');
    if (checking) {
      expect(await text('#verdict')).toContain('cannot be checked in this browser yet');
      expect(consoleErrors).toEqual([]);
      return;
    }
    expect(await text('#verdict')).toBe('Valid e-invoice.');
    await page.waitForFunction((before) => Number(document.body.dataset['pictures'] ?? 0) > before, drawn);
    const pictures = pendingPart('pictures');
    if (pictures) {
      expect(await text('#pictures')).toContain('cannot be drawn in this browser yet');
      expect(consoleErrors).toEqual([]);
      return;
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'gstkit-page-files-'));
    try {
      // The image shown is the one saved: the same blob.
      expect(await page.getAttribute('#qr-image', 'src')).toBe(await page.getAttribute('#qr-download', 'href'));
      const qrSaved = page.waitForEvent('download');
      await page.click('#qr-download');
      await (await qrSaved).saveAs(path.join(dir, 'qr.png'));
      const decoded = spawnSync('zbarimg', ['--raw', '-q', path.join(dir, 'qr.png')], { encoding: 'utf8' });
      expect(decoded.status).toBe(0);
      const claims = JSON.parse(decoded.stdout.trim()) as Record<string, unknown>;
      expect(claims['DocNo']).toBe('SMT/26-27/0071');
      expect(claims['Irn']).toMatch(/^[0-9a-f]{64}$/);
      const download = page.waitForEvent('download');
      await page.click('#pdf-download');
      await (await download).saveAs(path.join(dir, 'invoice.pdf'));
      const pdfText = spawnSync('pdftotext', ['-layout', path.join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
      expect(pdfText.status).toBe(0);
      expect(pdfText.stdout).toContain('SMT/26-27/0071');
      expect(pdfText.stdout).toContain('Sahyadri Machine Tools Private Limited');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await page.screenshot({ path: path.join(screenshots, 'einvoice-valid.png'), fullPage: true });
    // The context is the page's: a reporting date before the document's date makes it a future document.
    await judged(() => page.fill('#ctx-today', '2026-11-10').then(() => page.dispatchEvent('#ctx-today', 'change')));
    expect(await text('#verdict')).toBe('Invalid e-invoice: 1 error.');
    expect(await text('#field-DocDtls-Dt .notes')).toContain('2163');
    await judged(() => page.fill('#ctx-today', '2026-11-18').then(() => page.dispatchEvent('#ctx-today', 'change')));
    expect(await text('#verdict')).toBe('Valid e-invoice.');
    expect(consoleErrors).toEqual([]);
  });

  it("judges the e-waybills, valid and invalid, and draws the valid one's QR code and PDF", async () => {
    await dropDocument('ewaybill-invalid.json');
    const node = validate('ewb', JSON.parse(example('ewaybill-invalid.json')), { today: '18/11/2026' });
    expect(await text('#verdict')).toContain(`Invalid e-waybill: ${node.errors.length} errors`);
    expect(await text('#field-vehicleNo .notes')).toContain('225');
    expect(await text('#field-toPincode .notes')).toContain('436');
    expect(await text('#totals')).toMatch(/cgstValue\s+₹4,320\.00\s+₹0\.00\s+no/);
    const drawn = await page.evaluate(() => Number(document.body.dataset['pictures'] ?? 0));
    await dropDocument('ewaybill-valid.json');
    expect(await text('#verdict')).toMatch(/^Valid e-waybill/);
    await page.waitForFunction((before) => Number(document.body.dataset['pictures'] ?? 0) > before, drawn);
    const dir = mkdtempSync(path.join(tmpdir(), 'gstkit-page-files-'));
    try {
      const qrSaved = page.waitForEvent('download');
      await page.click('#qr-download');
      await (await qrSaved).saveAs(path.join(dir, 'qr.png'));
      const decoded = spawnSync('zbarimg', ['--raw', '-q', path.join(dir, 'qr.png')], { encoding: 'utf8' });
      expect(decoded.stdout.trim()).toMatch(/^999999999999\/24AAFCD4417P1Z.\/\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
      const pdfSaved = page.waitForEvent('download');
      await page.click('#pdf-download');
      await (await pdfSaved).saveAs(path.join(dir, 'ewaybill.pdf'));
      const pdfText = spawnSync('pdftotext', ['-layout', path.join(dir, 'ewaybill.pdf'), '-'], { encoding: 'utf8' });
      expect(pdfText.stdout).toContain('GDC/2026/0912');
      expect(pdfText.stdout).toContain('GJ15AT7731');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(consoleErrors).toEqual([]);
  });

  it('says what a file that is not a document is, with a code', async () => {
    await judged(() => page.fill('#doc-text', '{"hello": '));
    expect(await text('#verdict')).toContain('SVC-810');
    await judged(() => page.fill('#doc-text', '{"hello": "world"}'));
    expect(await text('#verdict')).toContain('SVC-812');
    expect(consoleErrors).toEqual([]);
  });

  it('reconciles the dropped register and GSTR-2B: counts as in Node, filters, reasons, IMS actions, workbook', async () => {
    const csv = example('purchases.csv');
    const json = example('gstr2b.json');
    const purchases = readPurchaseCsv(csv);
    const gstr2b = readGstr2b(JSON.parse(json));
    if (!purchases.ok || !gstr2b.ok) throw new Error('the examples do not read');
    const expected = reconcile(purchases.value.rows, gstr2b.value).summary;
    await drop('#purchases-drop', 'purchases.csv', csv, 'text/csv');
    await drop('#gstr2b-drop', 'gstr2b.json', json, 'application/json');
    await page.waitForSelector('#reconcile-results:not([hidden])');
    for (const [status, count] of Object.entries(expected)) expect(await text(`dd[data-status="${status}"]`), status).toBe(String(count));
    expect(await page.locator('#reconcile-chart svg rect').count()).toBe(4);
    await page.selectOption('#filter-status', 'mismatch');
    expect(await page.locator('#reconcile-rows tr').count()).toBe(expected.mismatch);
    expect(await text('#reconcile-rows')).toMatch(/differs by/);
    await page.selectOption('#filter-status', '');
    const supplier = purchases.value.rows[0]?.supplierGstin as string;
    await page.selectOption('#filter-supplier', supplier);
    const forSupplier = reconcile(purchases.value.rows, gstr2b.value).rows.filter((r) => r.supplierGstin === supplier).length;
    expect(await page.locator('#reconcile-rows tr').count()).toBe(forSupplier);
    expect(await text('#reconcile-rows')).toMatch(/accept|reject|pending/);
    await page.selectOption('#filter-supplier', '');
    await page.screenshot({ path: path.join(screenshots, 'reconcile.png'), fullPage: true });
    const reason = pendingPart('workbook');
    const downloaded = reason ? undefined : page.waitForEvent('download');
    await page.click('#download-xlsx');
    if (reason) {
      await page.waitForFunction(() => (document.getElementById('xlsx-note')?.textContent ?? '').length > 0);
      expect(await text('#xlsx-note')).toContain('cannot be written in this browser yet');
    } else {
      const download = await (downloaded as Promise<Download>);
      const file = path.join(tmpdir(), `gstkit-page-${process.pid}.xlsx`);
      await download.saveAs(file);
      // The workbook opens, and its detail sheet has a row per reconciliation row.
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const rows = Object.values(expected).reduce((n, c) => n + c, 0);
      expect(workbook.worksheets.some((sheet) => sheet.actualRowCount > rows)).toBe(true);
      rmSync(file);
    }
    expect(consoleErrors).toEqual([]);
  });

  it('is readable on a phone: nothing wider than the screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(served.url);
    await phone.click('#reconcile-example');
    await phone.waitForSelector('#reconcile-results:not([hidden])');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: path.join(screenshots, 'phone.png'), fullPage: false });
    await phone.close();
  });

  it('works offline once loaded: the service worker keeps its files', async () => {
    await page.goto(served.url);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    try {
      await page.reload();
      await page.click('#reconcile-example');
      await page.waitForSelector('#reconcile-results:not([hidden])');
      expect(await text('#reconcile-status')).toMatch(/^Reconciled \d+ rows/);
    } finally {
      await context.setOffline(false);
    }
    expect(consoleErrors).toEqual([]);
  });
});
