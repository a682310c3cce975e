/**
 * QR code images: the signed e-invoice QR and the B2C payment QR as PNG, JPEG or GIF bytes.
 *
 * The symbol comes from `qrcode`'s encoder; the images are written here: a 1-bit greyscale PNG on
 * `node:zlib`, a two-colour GIF and a baseline greyscale JPEG. Output is deterministic: the same
 * text, format and quality always give the same bytes.
 * @module
 */
import { error, type Outcome } from '../../issue.js';
import { encodeGif } from './gif.js';
import { encodeJpeg } from './jpeg.js';
import { QrCapacityError, qrMatrix, QR_QUALITIES, type QrMatrix, type QrQuality } from './matrix.js';
import { encodePng } from './png.js';
import { rasterize } from './raster.js';

export { qrMatrix, QR_QUALITIES, QrCapacityError };
export type { QrMatrix, QrQuality };
export type { QrQualitySettings } from './matrix.js';

/** Image formats. */
export type QrFormat = 'png' | 'jpeg' | 'gif';

export interface QrImageOptions {
  /** Default `png`. */
  format?: QrFormat;
  /** Default `high`; see {@link QR_QUALITIES}. */
  quality?: QrQuality;
}

/** Error code for a text too long for any QR version at the quality's level. */
export const QR_TOO_LONG = 'SVC-501';
/** Error code for an unknown format or quality. */
export const QR_BAD_OPTION = 'SVC-502';

const FORMATS: readonly QrFormat[] = ['png', 'jpeg', 'gif'];

function encode(matrix: QrMatrix, format: QrFormat, quality: QrQuality): Uint8Array {
  const { scale, margin } = QR_QUALITIES[quality];
  if (format === 'png') return encodePng(matrix, scale, margin);
  const raster = rasterize(matrix, scale, margin);
  if (format === 'gif') return encodeGif(raster);
  return encodeJpeg(raster);
}

/**
 * The QR image of `text`. Throws a RangeError ({@link QrCapacityError}) when the text is too long
 * for a QR code at the chosen quality (more than 2,331 bytes at `high`, 2,953 at `standard`), and a
 * TypeError for an unknown format or quality; use {@link tryQrImage} to get these as issues instead.
 */
export function qrImage(text: string, options: QrImageOptions = {}): Uint8Array {
  const format = options.format ?? 'png';
  const quality = options.quality ?? 'high';
  if (!FORMATS.includes(format)) throw new TypeError(`unknown QR image format: ${String(format)}`);
  return encode(qrMatrix(text, quality), format, quality);
}

/** {@link qrImage} returning an outcome: `SVC-501` for a text too long, `SVC-502` for a bad option. */
export function tryQrImage(text: string, options: QrImageOptions = {}): Outcome<Uint8Array> {
  const format = options.format ?? 'png';
  const quality = options.quality ?? 'high';
  if (!FORMATS.includes(format)) {
    return { ok: false, errors: [error(QR_BAD_OPTION, `Unknown QR image format "${String(format)}": use png, jpeg or gif`)] };
  }
  if (!(quality in QR_QUALITIES)) {
    return { ok: false, errors: [error(QR_BAD_OPTION, `Unknown QR quality "${String(quality)}": use standard or high`)] };
  }
  if (typeof text !== 'string' || text.length === 0) {
    return { ok: false, errors: [error(QR_TOO_LONG, 'QR text must be a non-empty string')] };
  }
  try {
    return { ok: true, value: qrImage(text, { format, quality }) };
  } catch (e) {
    if (e instanceof QrCapacityError) {
      return { ok: false, errors: [error(QR_TOO_LONG, `QR text is too long: ${e.bytes} bytes, at most ${e.limit} at quality ${quality}`)] };
    }
    throw e;
  }
}
