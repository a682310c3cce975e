/**
 * Where a QR PNG's CPU time goes, piece by piece, for a 950-character signed QR at quality high: qrcode's
 * encoder with a fixed mask (the floor of the render benchmark), gstkit's mask choice, gstkit's PNG writer
 * and the whole `qrImage`. CPU time per call (process.cpuUsage), three rounds printed.
 * Run: npx tsx test/bench/qr-parts.ts
 */
import QRCode from 'qrcode';
import { qrImage } from '../../src/render/qr/index.js';
import { bestMasked } from '../../src/render/qr/mask.js';
import { qrMatrix } from '../../src/render/qr/matrix.js';
import { encodePng } from '../../src/render/qr/png.js';
import { SIGNED_QR } from '../render/fixtures.js';

// Distinct texts, so the matrix cache of qrMatrix never answers.
const text = (i: number): string => SIGNED_QR.slice(0, 940) + String(i).padStart(10, '0');
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function perCall(fn: (i: number) => unknown, budgetMs = 700): number {
  const start = cpu();
  let n = 0;
  while (cpu() - start < budgetMs) for (let k = 0; k < 20; k++) fn(n++);
  return (cpu() - start) / n;
}
const symbol = QRCode.create([{ data: Buffer.from(text(0)), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 });
const reserved = (symbol.modules as unknown as { reservedBit: Uint8Array }).reservedBit;
const matrix = qrMatrix(text(0));
let seed = 1;
for (let round = 1; round <= 3; round++) {
  const create = perCall((i) => QRCode.create([{ data: Buffer.from(text(i)), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 }));
  const mask = perCall(() => bestMasked(symbol.modules.data as unknown as Uint8Array, reserved, symbol.modules.size, 'M'));
  const png = perCall(() => encodePng(matrix, 4, 4));
  const whole = perCall(() => qrImage(text(1e6 + seed++)));
  console.log(
    `round ${round}: qrcode.create (fixed mask) ${create.toFixed(3)} ms, mask choice ${mask.toFixed(3)} ms, PNG ${png.toFixed(3)} ms; ` +
      `qrImage ${whole.toFixed(3)} ms (${(whole / create).toFixed(2)}x the encoder) of CPU`,
  );
}
