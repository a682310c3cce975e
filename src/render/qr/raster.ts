import type { QrMatrix } from './matrix.js';

/**
 * One module row of the final image as bits, per module row, with the quiet zone: `rows[y]` is a
 * packed 1-bit row (most significant bit first, 1 for dark) of `width` pixels. Each module row is
 * repeated `scale` times vertically by the encoders, so only `size + 2 * margin` distinct rows exist.
 */
export interface QrRaster {
  readonly width: number;
  readonly scale: number;
  /** Pixels for each distinct row (one per module row, quiet zone included), 1 for dark. */
  readonly pixelRows: Uint8Array[];
}

/** Expands the matrix into pixel rows: quiet zone and horizontal scaling, no vertical repetition. */
export function rasterize(matrix: QrMatrix, scale: number, margin: number): QrRaster {
  const modulesWide = matrix.size + 2 * margin;
  const width = modulesWide * scale;
  const pixelRows: Uint8Array[] = [];
  const blank = new Uint8Array(width);
  for (let my = 0; my < modulesWide; my++) {
    const y = my - margin;
    if (y < 0 || y >= matrix.size) {
      pixelRows.push(blank);
      continue;
    }
    const row = new Uint8Array(width);
    const base = y * matrix.size;
    for (let x = 0; x < matrix.size; x++) {
      if (matrix.modules[base + x] === 1) row.fill(1, (x + margin) * scale, (x + margin + 1) * scale);
    }
    pixelRows.push(row);
  }
  return { width, scale, pixelRows };
}
