/**
 * The README's pictures of the page (docs/images/page-*.png), taken in Chromium from the page built from
 * the sources, with the page's own examples: an invalid e-invoice judged, a valid one with its QR code and
 * PDF, and a reconciliation.
 *
 * Run: npx tsx test/playground/screenshots.ts [OUT_DIR]   (default docs/images)
 * @module
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath, servePage } from './page-server.js';

const out = process.argv[2] ?? fileURLToPath(new URL('../../docs/images', import.meta.url));
mkdirSync(out, { recursive: true });
const served = await servePage();
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  await page.goto(served.url);
  const judged = (): Promise<number> => page.evaluate(() => Number(document.body.dataset['judgements'] ?? 0));
  const pick = async (file: string): Promise<void> => {
    const before = await judged();
    await page.selectOption('#example', file);
    await page.click('#load-example');
    await page.waitForFunction((b) => Number(document.body.dataset['judgements'] ?? 0) > b, before);
  };

  const scrollTo = (id: string): Promise<void> =>
    page.evaluate((target) => {
      document.getElementById(target)?.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -12);
    }, id);
  await pick('einvoice-invalid.json');
  await scrollTo('verdict');
  await page.screenshot({ path: path.join(out, 'page-einvoice-findings.png') });

  const drawn = await page.evaluate(() => Number(document.body.dataset['pictures'] ?? 0));
  await pick('einvoice-valid.json');
  await page.waitForFunction((b) => Number(document.body.dataset['pictures'] ?? 0) > b, drawn);
  await page.waitForTimeout(800);
  await scrollTo('verdict');
  await page.screenshot({ path: path.join(out, 'page-einvoice-pictures.png') });

  await page.click('#reconcile-example');
  await page.waitForSelector('#reconcile-results:not([hidden])');
  await scrollTo('reconcile-status');
  await page.screenshot({ path: path.join(out, 'page-reconcile.png') });
} finally {
  await browser.close();
  await served.close();
}
