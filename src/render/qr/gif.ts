import type { QrRaster } from './raster.js';

/** Collects LZW codes least significant bit first and cuts them into GIF sub-blocks. */
class CodeWriter {
  private bytes: number[] = [];
  private acc = 0;
  private bits = 0;

  write(code: number, size: number): void {
    this.acc |= code << this.bits;
    this.bits += size;
    while (this.bits >= 8) {
      this.bytes.push(this.acc & 0xff);
      this.acc >>>= 8;
      this.bits -= 8;
    }
  }

  finish(): number[] {
    if (this.bits > 0) this.bytes.push(this.acc & 0xff);
    const out: number[] = [];
    for (let i = 0; i < this.bytes.length; i += 255) {
      const n = Math.min(255, this.bytes.length - i);
      out.push(n);
      for (let k = 0; k < n; k++) out.push(this.bytes[i + k] as number);
    }
    out.push(0);
    return out;
  }
}

/**
 * A two-colour GIF89a (palette: 0 white, 1 black) with its own LZW encoder: minimum code size 2
 * (the smallest GIF allows), table reset at 4096 codes.
 */
export function encodeGif(raster: QrRaster): Uint8Array {
  const { width, scale, pixelRows } = raster;
  const height = pixelRows.length * scale;
  const minCodeSize = 2;
  const clear = 1 << minCodeSize;
  const eoi = clear + 1;
  // Dictionary: child[code * 2 + pixel] = code of (string(code) + pixel), 0 when absent.
  const child = new Uint16Array(4096 * 2);
  const writer = new CodeWriter();
  let codeSize = minCodeSize + 1;
  let next = eoi + 1;
  writer.write(clear, codeSize);
  let prefix = -1;
  for (const row of pixelRows) {
    for (let r = 0; r < scale; r++) {
      for (let x = 0; x < width; x++) {
        const pixel = row[x] as number;
        if (prefix < 0) {
          prefix = pixel;
          continue;
        }
        const key = prefix * 2 + pixel;
        const found = child[key] as number;
        if (found !== 0) {
          prefix = found;
          continue;
        }
        writer.write(prefix, codeSize);
        if (next === 4096) {
          writer.write(clear, codeSize);
          child.fill(0);
          codeSize = minCodeSize + 1;
          next = eoi + 1;
        } else {
          if (next >= 1 << codeSize) codeSize++;
          child[key] = next++;
        }
        prefix = pixel;
      }
    }
  }
  writer.write(prefix, codeSize);
  writer.write(eoi, codeSize);
  const data = writer.finish();
  const head = [
    0x47,
    0x49,
    0x46,
    0x38,
    0x39,
    0x61, // GIF89a
    width & 0xff,
    width >> 8,
    height & 0xff,
    height >> 8,
    0x80, // global colour table of 2 entries, 1 bit per primary... (size field 0 = 2 colours)
    0,
    0,
    0xff,
    0xff,
    0xff,
    0x00,
    0x00,
    0x00, // white, black
    0x2c,
    0,
    0,
    0,
    0,
    width & 0xff,
    width >> 8,
    height & 0xff,
    height >> 8,
    0,
    minCodeSize,
  ];
  const out = new Uint8Array(head.length + data.length + 1);
  out.set(head, 0);
  out.set(data, head.length);
  out[out.length - 1] = 0x3b;
  return out;
}
