/**
 * The page in Chromium, timed as a person meets it: judging a 100-line e-invoice after an edit (from the
 * input event to the next frame drawn with the verdict, the findings, the document and the totals), and
 * reconciling 10,000 purchases dropped with their GSTR-2B (from the drop to the next frame drawn with the
 * summary, the chart and the first rows). Beside each, in the same run: the floor in the same browser
 * (the edit put in the text box with nothing judging it; parsing the two files) and the library on Node
 * in this process.
 *
 * Run: npx tsx test/bench/page-bench.ts [--judge-runs N] [--reconcile-runs N] [--purchases N]
 * Needs Debian's chromium (GSTKIT_CHROMIUM to use another).
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { completeInvoice } from '../../src/compute/complete-invoice.js';
import { readGstr2b } from '../../src/gstr/read-2b.js';
import { readPurchaseCsv } from '../../src/reconcile/purchase-csv.js';
import { reconcile } from '../../src/reconcile/reconcile.js';
import { validate } from '../../src/validate.js';
import { chromiumPath, hasChromium, servePage } from '../playground/page-server.js';
import { registerFiles } from '../playground/register-files.js';

const option = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const judgeRuns = option('--judge-runs', 30);
const reconcileRuns = option('--reconcile-runs', 5);
const purchases = option('--purchases', 10_000);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const worst = (xs: number[]): number => Math.max(...xs);
const ms = (n: number): string => `${n.toFixed(1)} ms`;

/** The page's example e-invoice grown to `lines` lines, its totals computed again. */
function invoiceOf(lines: number): string {
  const example = JSON.parse(readFileSync(fileURLToPath(new URL('../../src/playground/examples/einvoice-valid.json', import.meta.url)), 'utf8'));
  const items = Array.from({ length: lines }, (_, i) => ({ ...example.ItemList[i % example.ItemList.length], SlNo: String(i + 1) }));
  const { ValDtls: _declared, ...rest } = { ...example, ItemList: items };
  return JSON.stringify(completeInvoice(rest, { overwrite: true }), null, 2);
}

/** In the page: sets the text, fires the input event, and times until the frame after the judgement. */
async function judgeOnce(page: Page, text: string): Promise<number> {
  return page.evaluate(async (source) => {
    const area = document.getElementById('doc-text') as HTMLTextAreaElement;
    const before = Number(document.body.dataset['judgements'] ?? 0);
    const started = performance.now();
    area.value = source;
    area.dispatchEvent(new Event('input'));
    await new Promise<void>((resolve) => {
      const watch = new MutationObserver(() => {
        if (Number(document.body.dataset['judgements'] ?? 0) > before) {
          watch.disconnect();
          resolve();
        }
      });
      watch.observe(document.body, { attributes: true });
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - started;
  }, text);
}

/** In the page: flips strict mode (the document stays, the text box is not touched) and times until the frame after the judgement. */
async function rejudgeOnce(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const strict = document.getElementById('ctx-strict') as HTMLInputElement;
    const before = Number(document.body.dataset['judgements'] ?? 0);
    const started = performance.now();
    strict.checked = !strict.checked;
    strict.dispatchEvent(new Event('change'));
    await new Promise<void>((resolve) => {
      const watch = new MutationObserver(() => {
        if (Number(document.body.dataset['judgements'] ?? 0) > before) {
          watch.disconnect();
          resolve();
        }
      });
      watch.observe(document.body, { attributes: true });
    });
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - started;
  });
}

/** The floor: the same edit put in the text box (no input event, so nothing judges it), to the next frame. */
async function editOnce(page: Page, text: string): Promise<number> {
  return page.evaluate(async (source) => {
    const area = document.getElementById('doc-text') as HTMLTextAreaElement;
    const started = performance.now();
    area.value = source;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - started;
  }, text);
}

/** The page's own figure for its last judgement: from the input to the document drawn, before layout. */
function lastJudgedMs(page: Page): Promise<number> {
  return page.evaluate(() => Number(document.body.dataset['judgedMs']));
}

/** In the page: drops both files and times until the frame after the reconciliation is drawn. */
async function reconcileOnce(page: Page, csv: string, json: string): Promise<number> {
  return page.evaluate(
    async ([register, gstr2b]) => {
      delete document.body.dataset['reconciledMs'];
      const started = performance.now();
      // No named function in here: the page's copy of it would lack the helper tsx adds to name it.
      for (const [zone, name, content] of [
        ['purchases-drop', 'purchases.csv', register],
        ['gstr2b-drop', 'gstr2b.json', gstr2b],
      ] as const) {
        const transfer = new DataTransfer();
        transfer.items.add(new File([content as string], name));
        document.getElementById(zone)?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
      await new Promise<void>((resolve) => {
        const watch = new MutationObserver(() => {
          if (document.body.dataset['reconciledMs']) {
            watch.disconnect();
            resolve();
          }
        });
        watch.observe(document.body, { attributes: true });
      });
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      return performance.now() - started;
    },
    [csv, json],
  );
}

async function main(): Promise<void> {
  if (!hasChromium) throw new Error(`no Chromium at ${chromiumPath}: apt-get install chromium (or set GSTKIT_CHROMIUM)`);
  const served = await servePage();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(served.url);
    const version = browser.version();
    console.log(`Chromium ${version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);

    const invoice = invoiceOf(100);
    // The first judgement loads the checker's chunk: timed apart.
    const first = await judgeOnce(page, invoice);
    const verdict = await page.locator('#verdict').innerText();
    const judged: number[] = [];
    const scripted: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < judgeRuns; i++) {
      // An edit each time (the document number), as a person typing makes.
      judged.push(await judgeOnce(page, invoice.replace('SMT/26-27/0071', `SMT/26-27/${String(i).padStart(4, '0')}`)));
      scripted.push(await lastJudgedMs(page));
      // Let the pictures of this edit finish, as a person reading the verdict would.
      await page.waitForFunction(() => !/Drawing/.test(document.getElementById('pictures')?.textContent ?? ''));
      floor.push(await editOnce(page, invoice.replace('SMT/26-27/0071', `SMT/26-27/E${String(i).padStart(3, '0')}`)));
    }
    const rejudged: number[] = [];
    for (let i = 0; i < judgeRuns; i++) {
      rejudged.push(await rejudgeOnce(page));
      await page.waitForFunction(() => !/Drawing/.test(document.getElementById('pictures')?.textContent ?? ''));
    }
    const parsed = JSON.parse(invoice);
    const nodeRuns: number[] = [];
    for (let i = 0; i < judgeRuns; i++) {
      const started = performance.now();
      validate('irn', parsed, { today: '18/11/2026' });
      nodeRuns.push(performance.now() - started);
    }
    console.log(`\njudging a 100-line e-invoice (${(invoice.length / 1024).toFixed(0)} KB of JSON), ${judgeRuns} edits; verdict: ${verdict}`);
    console.log(`  page, input to next frame  median ${ms(median(judged))}, worst ${ms(worst(judged))} (first, loading the checker: ${ms(first)})`);
    console.log(`  of which script           median ${ms(median(scripted))} (parse, validate, draw the document)`);
    console.log(`  context changed, no edit   median ${ms(median(rejudged))}, worst ${ms(worst(rejudged))} (strict flipped: judged again, text box untouched)`);
    console.log(`  floor: the edit alone      median ${ms(median(floor))} (text box changed, next frame, nothing judged)`);
    console.log(`  validate() on Node         median ${ms(median(nodeRuns))}`);

    const files = registerFiles(purchases);
    const pageRuns: number[] = [];
    const readFloor: number[] = [];
    for (let i = 0; i < reconcileRuns; i++) {
      pageRuns.push(await reconcileOnce(page, files.purchasesCsv, files.gstr2bJson));
      readFloor.push(
        await page.evaluate(
          ([csv, json]) => {
            const started = performance.now();
            JSON.parse(json as string);
            (csv as string).split('\n').map((line) => line.split(','));
            return performance.now() - started;
          },
          [files.purchasesCsv, files.gstr2bJson],
        ),
      );
    }
    const counts = await page.locator('#reconcile-summary dl').innerText();
    const nodeReconcile: number[] = [];
    for (let i = 0; i < reconcileRuns; i++) {
      const started = performance.now();
      const register = readPurchaseCsv(files.purchasesCsv);
      const gstr2b = readGstr2b(JSON.parse(files.gstr2bJson));
      if (!register.ok || !gstr2b.ok) throw new Error('the made-up files do not read');
      reconcile(register.value.rows, gstr2b.value);
      nodeReconcile.push(performance.now() - started);
    }
    console.log(`\nreconciling ${purchases} purchases with ${files.made.documents2b} GSTR-2B documents, ${reconcileRuns} drops; ${counts.replace(/\n/g, ' ')}`);
    console.log(`  page, drop to next frame   median ${ms(median(pageRuns))}, worst ${ms(worst(pageRuns))}`);
    console.log(`  floor: parse both in page  median ${ms(median(readFloor))}`);
    console.log(`  read + reconcile on Node   median ${ms(median(nodeReconcile))}`);
  } finally {
    await browser.close();
    await served.close();
  }
}

await main();
