/**
 * The logo of the PDFs: PNG or JPEG bytes read once and drawn in the header, scaled to fit a box with
 * their proportions kept. Bytes that cannot be drawn give the coded error `SVC-760` with the reason.
 * @module
 */
import { error, type Issue } from '../../issue.js';
import { inflateBounded } from './engine/canvas.js';
import { readRaster, type Raster } from './engine/raster.js';

/** The logo option's code: the bytes are not a PNG or JPEG that can be drawn. */
export const badLogo = 'SVC-760';

/** At most this many bytes are read as a logo (a header logo is tens of kilobytes). */
export const MAX_LOGO_BYTES = 8 * 1024 * 1024;

export type LogoRead = { ok: true; value: Raster } | { ok: false; errors: Issue[] };

/** Reads the `logo` option of a PDF: a Uint8Array (a Buffer is one) holding a PNG or JPEG file. */
export function readLogo(logo: unknown): LogoRead {
  const refuse = (why: string): LogoRead => ({ ok: false, errors: [error(badLogo, `The logo cannot be drawn: ${why}.`, '/logo')] });
  if (!(logo instanceof Uint8Array)) return refuse('it must be the bytes of a PNG or JPEG file (a Uint8Array or Buffer)');
  if (logo.length > MAX_LOGO_BYTES) return refuse(`it is ${logo.length} bytes, more than ${MAX_LOGO_BYTES}`);
  const read = readRaster(logo, inflateBounded);
  return read.ok ? read : refuse(read.reason);
}

/** The issues of a logo a host means to configure, so that a server can refuse it at start: none when it can be drawn. */
export function checkPdfLogo(logo: Uint8Array): Issue[] {
  const read = readLogo(logo);
  return read.ok ? [] : read.errors;
}

/** The size the image is drawn at: as large as fits `width` by `height` points, never distorted. */
export function fitLogo(raster: Raster, width: number, height: number): { width: number; height: number } {
  const scale = Math.min(width / raster.width, height / raster.height);
  return { width: raster.width * scale, height: raster.height * scale };
}
