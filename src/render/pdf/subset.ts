/**
 * A TrueType cut-down that keeps glyph ids: outlines of glyphs not asked for are emptied, tables a
 * PDF viewer does not need for a CID font (layout, hinting programs, colour) are dropped. Glyph
 * ids stay those of the full font, so a PDF can use them directly as CIDs (Identity CIDToGIDMap).
 */

const KEEP = new Set(['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf', 'name', 'post', 'OS/2', 'cvt ', 'fpgm', 'prep']);

interface Table {
  tag: string;
  data: Uint8Array;
}

function readTables(font: Uint8Array): Map<string, Uint8Array> {
  const v = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const n = v.getUint16(4);
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < n; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(font[at] as number, font[at + 1] as number, font[at + 2] as number, font[at + 3] as number);
    const offset = v.getUint32(at + 8);
    const length = v.getUint32(at + 12);
    tables.set(tag, font.subarray(offset, offset + length));
  }
  return tables;
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  const padded = new Uint8Array((data.length + 3) & ~3);
  padded.set(data);
  const v = new DataView(padded.buffer);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

/** Returns a font file holding only the outlines of `glyphs` (and the components they use). */
export function subsetKeepingIds(font: Uint8Array, glyphs: Iterable<number>): Uint8Array {
  const tables = readTables(font);
  const head = tables.get('head');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  const maxp = tables.get('maxp');
  if (!head || !loca || !glyf || !maxp) throw new Error('not a TrueType font with glyf outlines');
  const numGlyphs = new DataView(maxp.buffer, maxp.byteOffset).getUint16(4);
  const longLoca = new DataView(head.buffer, head.byteOffset).getInt16(50) === 1;
  const lv = new DataView(loca.buffer, loca.byteOffset, loca.byteLength);
  const offsetOf = (g: number): number => (longLoca ? lv.getUint32(g * 4) : lv.getUint16(g * 2) * 2);
  const gv = new DataView(glyf.buffer, glyf.byteOffset, glyf.byteLength);

  const wanted = new Set<number>([0]);
  const queue = [...glyphs];
  while (queue.length > 0) {
    const g = queue.pop() as number;
    if (g >= numGlyphs || wanted.has(g)) continue;
    wanted.add(g);
    const start = offsetOf(g);
    if (offsetOf(g + 1) - start <= 0 || gv.getInt16(start) >= 0) continue;
    // Composite glyph: follow its components.
    let p = start + 10;
    for (;;) {
      const flags = gv.getUint16(p);
      queue.push(gv.getUint16(p + 2));
      p += 4 + (flags & 0x0001 ? 4 : 2);
      if (flags & 0x0008) p += 2;
      else if (flags & 0x0040) p += 4;
      else if (flags & 0x0080) p += 8;
      if (!(flags & 0x0020)) break;
    }
  }

  const pieces: Uint8Array[] = [];
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const nl = new DataView(newLoca.buffer);
  let size = 0;
  for (let g = 0; g < numGlyphs; g++) {
    nl.setUint32(g * 4, size);
    if (!wanted.has(g)) continue;
    const piece = glyf.subarray(offsetOf(g), offsetOf(g + 1));
    const padded = new Uint8Array((piece.length + 3) & ~3);
    padded.set(piece);
    pieces.push(padded);
    size += padded.length;
  }
  nl.setUint32(numGlyphs * 4, size);
  const newGlyf = new Uint8Array(size);
  let at = 0;
  for (const p of pieces) {
    newGlyf.set(p, at);
    at += p.length;
  }
  const newHead = head.slice();
  const hv = new DataView(newHead.buffer);
  hv.setInt16(50, 1); // long loca
  hv.setUint32(8, 0); // checksum adjustment, set below

  const out: Table[] = [];
  for (const [tag, data] of tables) {
    if (!KEEP.has(tag)) continue;
    if (tag === 'glyf') out.push({ tag, data: newGlyf });
    else if (tag === 'loca') out.push({ tag, data: newLoca });
    else if (tag === 'head') out.push({ tag, data: newHead });
    else out.push({ tag, data });
  }
  out.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const n = out.length;
  let offset = 12 + 16 * n;
  const total = out.reduce((s, t) => s + ((t.data.length + 3) & ~3), offset);
  const file = new Uint8Array(total);
  const fv = new DataView(file.buffer);
  fv.setUint32(0, 0x00010000);
  fv.setUint16(4, n);
  let pow = 1;
  let log = 0;
  while (pow * 2 <= n) {
    pow *= 2;
    log++;
  }
  fv.setUint16(6, pow * 16);
  fv.setUint16(8, log);
  fv.setUint16(10, n * 16 - pow * 16);
  let headOffset = 0;
  out.forEach((t, i) => {
    const rec = 12 + i * 16;
    for (let k = 0; k < 4; k++) file[rec + k] = t.tag.charCodeAt(k);
    fv.setUint32(rec + 4, checksum(t.data));
    fv.setUint32(rec + 8, offset);
    fv.setUint32(rec + 12, t.data.length);
    file.set(t.data, offset);
    if (t.tag === 'head') headOffset = offset;
    offset += (t.data.length + 3) & ~3;
  });
  fv.setUint32(headOffset + 8, (0xb1b0afba - checksum(file)) >>> 0);
  return file;
}
