import QRCode from 'qrcode';
import { bestMasked } from './mask.js';

/** The two image qualities. See {@link QR_QUALITIES}. */
export type QrQuality = 'standard' | 'high';

/** What a quality fixes: error-correction level, pixels per module and quiet zone (in modules). */
export interface QrQualitySettings {
  readonly errorCorrection: 'L' | 'M' | 'Q' | 'H';
  readonly scale: number;
  readonly margin: number;
}

/**
 * The qualities, chosen for a signed e-invoice QR of about 950 characters (byte mode):
 *
 * - `high` (the default, for print): level M (about 15 % recovery), version 25 for 950 characters,
 *   4 pixels per module and the 4-module quiet zone the standard asks for: a 500 x 500 pixel image
 *   that prints at 2 x 2 inches with modules of about 0.4 mm.
 * - `standard` (for screens and small prints): level L (about 7 %), version 22, 3 pixels per module,
 *   4-module quiet zone: 339 x 339 pixels.
 */
export const QR_QUALITIES: Readonly<Record<QrQuality, QrQualitySettings>> = Object.freeze({
  standard: Object.freeze({ errorCorrection: 'L', scale: 3, margin: 4 }),
  high: Object.freeze({ errorCorrection: 'M', scale: 4, margin: 4 }),
});

/** A QR symbol: `size` x `size` modules, row-major, 1 for dark. */
export interface QrMatrix {
  readonly size: number;
  readonly version: number;
  readonly errorCorrection: 'L' | 'M' | 'Q' | 'H';
  readonly modules: Uint8Array;
}

/** Longest text (in UTF-8 bytes) that fits version 40 in byte mode, per level. */
const MAX_BYTES: Record<'L' | 'M' | 'Q' | 'H', number> = { L: 2953, M: 2331, Q: 1663, H: 1273 };

/** Thrown inside {@link qrMatrix} when the text does not fit any QR version. */
export class QrCapacityError extends RangeError {
  constructor(
    readonly bytes: number,
    readonly limit: number,
    readonly errorCorrection: string,
  ) {
    super(`text of ${bytes} bytes does not fit a QR code at level ${errorCorrection} (at most about ${limit} bytes)`);
    this.name = 'QrCapacityError';
  }
}

/**
 * The QR symbol for `text` at the error-correction level of `quality`, through `qrcode`'s encoder in
 * byte mode (UTF-8) throughout: a signed QR is base64url text, for which qrcode's search for the best mix
 * of segment modes gains nothing and costs about 8x the rest of the encoding. The mask is chosen here
 * (see mask.ts), so the same text always gives the same symbol.
 * Throws {@link QrCapacityError} (a RangeError) when the text is too long for any version.
 */
export function qrMatrix(text: string, quality: QrQuality = 'high'): QrMatrix {
  const key = `${quality}\n${text}`;
  const known = recent.get(key);
  if (known) return known;
  const matrix = encodeMatrix(text, quality);
  if (recent.size >= RECENT) recent.delete(recent.keys().next().value as string);
  recent.set(key, matrix);
  return matrix;
}

/**
 * The last few symbols, so one request that asks for the QR image and the PDF (which prints the same
 * QR) encodes the text once. Symbols are frozen: callers share them.
 */
const recent = new Map<string, QrMatrix>();
const RECENT = 8;

function encodeMatrix(text: string, quality: QrQuality): QrMatrix {
  const settings = QR_QUALITIES[quality];
  if (settings === undefined) throw new TypeError(`unknown QR quality: ${String(quality)}`);
  const level = settings.errorCorrection;
  // UTF-8 bytes as a Uint8Array, which qrcode takes as Buffer: browsers have no Buffer.
  const utf8 = new TextEncoder().encode(text);
  const bytes = utf8.length;
  if (bytes > MAX_BYTES[level]) throw new QrCapacityError(bytes, MAX_BYTES[level], level);
  let symbol: QRCode.QRCode;
  try {
    symbol = QRCode.create([{ data: utf8 as Buffer, mode: 'byte' }], { errorCorrectionLevel: level, maskPattern: 0 });
  } catch {
    // qrcode reports "The amount of data is too big ..." for mixed-mode texts near the limit.
    throw new QrCapacityError(bytes, MAX_BYTES[level], level);
  }
  const size = symbol.modules.size;
  // qrcode keeps modules as 0/1 bytes.
  const masked0 = symbol.modules.data as unknown as Uint8Array;
  const reserved = (symbol.modules as unknown as { reservedBit: Uint8Array }).reservedBit;
  const modules = bestMasked(masked0, reserved, size, level);
  return Object.freeze({ size, version: symbol.version, errorCorrection: level, modules });
}
