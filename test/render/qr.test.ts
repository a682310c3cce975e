import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { qrImage, qrMatrix, QrCapacityError, tryQrImage } from '../../src/render/qr/index.js';
import { applyMask } from '../../src/render/qr/mask.js';
import { encodePng } from '../../src/render/qr/png.js';
import { SIGNED_QR } from './fixtures.js';
import { hasTool, run } from './tools.js';

const zbar = hasTool('zbarimg');
const dir = mkdtempSync(join(tmpdir(), 'gstkit-qr-'));
const texts = {
  jws950: SIGNED_QR,
  upi: 'upi://pay?pa=shop@okicici&pn=Rao%20Traders&am=118.00&cu=INR&gstIn=29AABCT1332L1ZU&gstBrkUp=GST:18.00%7CCGST:9.00%7CSGST:9.00',
  short: 'INV/2025/0042',
};

describe('QR images', () => {
  it('the sample is a 950-character JWS-like string', () => expect(SIGNED_QR).toHaveLength(950));

  for (const format of ['png', 'jpeg', 'gif'] as const) {
    for (const quality of ['standard', 'high'] as const) {
      for (const [name, text] of Object.entries(texts)) {
        it.skipIf(!zbar)(`${format} ${quality} ${name} decodes back to the text (zbarimg${zbar ? '' : ' missing: apt-get install zbar-tools'})`, () => {
          const file = join(dir, `${name}-${quality}.${format}`);
          writeFileSync(file, qrImage(text, { format, quality }));
          expect(run('zbarimg', ['-q', '--raw', file]).replace(/\n$/, '')).toBe(text);
        });
      }
    }
  }

  for (let mask = 0; mask < 8; mask++) {
    it.skipIf(!zbar)(`the signed QR decodes under mask ${mask}, not only under the chosen one`, () => {
      const symbol = QRCode.create([{ data: Buffer.from(SIGNED_QR), mode: 'byte' }], { errorCorrectionLevel: 'M', maskPattern: 0 });
      const size = symbol.modules.size;
      const data = symbol.modules.data as unknown as ArrayLike<number>;
      const masked0 = Uint8Array.from({ length: size * size }, (_, i) => (data[i] ? 1 : 0));
      const reserved = (symbol.modules as unknown as { reservedBit: Uint8Array }).reservedBit;
      const modules = applyMask(masked0, reserved, size, 'M', mask);
      const file = join(dir, `mask-${mask}.png`);
      writeFileSync(file, encodePng({ size, version: symbol.version, errorCorrection: 'M', modules }, 4, 4));
      expect(run('zbarimg', ['-q', '--raw', file]).replace(/\n$/, '')).toBe(SIGNED_QR);
    });
  }

  it('encodes a text once when the image and the PDF both ask for it', () => {
    const text = `${SIGNED_QR.slice(0, 900)}-shared`;
    expect(qrMatrix(text, 'high')).toBe(qrMatrix(text, 'high'));
    expect(qrMatrix(text, 'standard')).not.toBe(qrMatrix(text, 'high'));
  });

  it('is deterministic and small as PNG', () => {
    const a = qrImage(SIGNED_QR);
    expect(Buffer.from(a).equals(Buffer.from(qrImage(SIGNED_QR)))).toBe(true);
    expect(a.length).toBeLessThanOrEqual(3072);
    expect(Buffer.from(a.subarray(1, 4)).toString()).toBe('PNG');
  });

  it('reports a text too long: RangeError from qrImage, SVC-501 from tryQrImage', () => {
    const long = 'x'.repeat(3000);
    expect(() => qrImage(long)).toThrow(QrCapacityError);
    expect(() => qrImage(long)).toThrow(RangeError);
    const r = tryQrImage(long);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]?.code).toBe('SVC-501');
    const bad = tryQrImage('x', { format: 'bmp' as 'png' });
    expect(bad.ok ? '' : bad.errors[0]?.code).toBe('SVC-502');
  });
});
