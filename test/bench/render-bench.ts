/**
 * Rendering benchmark: run with `npx tsx test/bench/render-bench.ts`. Prints ours beside the raw
 * library and the ratio. Not a test: figures depend on the machine.
 */
import QRCode from 'qrcode';
import { qrImage } from '../../src/render/qr/index.js';
import { renderEinvoicePdf } from '../../src/render/pdf/index.js';
import { invoice, record, SIGNED_QR } from '../render/fixtures.js';

async function rate(label: string, seconds: number, fn: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < 5; i++) await fn(i);
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) await fn(n++);
  const perSecond = (n * 1000) / (performance.now() - start);
  console.log(`${label.padEnd(58)} ${perSecond.toFixed(1).padStart(8)} /s`);
  return perSecond;
}

// Distinct texts so nothing can be cached between iterations.
const text = (i: number): string => SIGNED_QR.slice(0, 940) + String(i).padStart(10, '0');

const raw = await rate('qrcode.toBuffer PNG, level M (raw library)', 5, (i) => QRCode.toBuffer(text(i), { errorCorrectionLevel: 'M' }));
const ours = await rate('qrImage PNG, quality high (level M)', 5, (i) => qrImage(text(i)));
console.log(`ratio ours / raw: ${(ours / raw).toFixed(2)}x; PNG bytes ours ${qrImage(SIGNED_QR).length}, raw ${(await QRCode.toBuffer(SIGNED_QR, { errorCorrectionLevel: 'M' })).length}`);
await rate('qrImage GIF, quality high', 3, (i) => qrImage(text(i), { format: 'gif' }));
await rate('qrImage JPEG, quality high', 3, (i) => qrImage(text(i), { format: 'jpeg' }));

const inv = invoice(5);
await rate('renderEinvoicePdf, 1 page, distinct signed QR each time', 5, (i) => renderEinvoicePdf({ ...record(), SignedQRCode: text(i) }, inv));
const big = invoice(1000);
const t = performance.now();
const r = await renderEinvoicePdf(record(), big);
console.log(`renderEinvoicePdf, 1,000 items: ${(performance.now() - t).toFixed(0)} ms, ${r.ok ? r.value.length : 0} bytes`);
