/**
 * TrueType tables read and written for embedding: metrics of the full font, and a per-document
 * subset whose glyphs are renumbered 0..n-1 in the order the document first used them, so the PDF
 * can use the new glyph ids directly as CIDs (Identity CIDToGIDMap). Only the tables a PDF viewer
 * needs for a CID font are written: no cmap (the content addresses glyphs), no layout tables (the
 * text is shaped before it is written), and a `post` table without glyph names.
 */

export type Tables = Map<string, Uint8Array>;

export function readTables(font: Uint8Array): Tables {
  const v = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const n = v.getUint16(4);
  const tables: Tables = new Map();
  for (let i = 0; i < n; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(font[at] as number, font[at + 1] as number, font[at + 2] as number, font[at + 3] as number);
    const offset = v.getUint32(at + 8);
    const length = v.getUint32(at + 12);
    tables.set(tag, font.subarray(offset, offset + length));
  }
  return tables;
}

function view(t: Uint8Array): DataView {
  return new DataView(t.buffer, t.byteOffset, t.byteLength);
}

function need(tables: Tables, tag: string): Uint8Array {
  const t = tables.get(tag);
  if (!t) throw new Error(`font has no ${tag} table`);
  return t;
}

/** Vertical metrics and box of a font, in font units. */
export interface FontMetrics {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
  bbox: [number, number, number, number];
  numGlyphs: number;
}

export function metrics(tables: Tables): FontMetrics {
  const head = view(need(tables, 'head'));
  const hhea = view(need(tables, 'hhea'));
  const maxp = view(need(tables, 'maxp'));
  const os2 = tables.get('OS/2');
  const ascent = hhea.getInt16(4);
  let capHeight = Math.round(ascent * 0.7);
  if (os2 && os2.length >= 90 && view(os2).getUint16(0) >= 2) capHeight = view(os2).getInt16(88);
  return {
    unitsPerEm: head.getUint16(18),
    ascent,
    descent: hhea.getInt16(6),
    capHeight,
    bbox: [head.getInt16(36), head.getInt16(38), head.getInt16(40), head.getInt16(42)],
    numGlyphs: maxp.getUint16(4),
  };
}

/** Advance widths in font units, per glyph id. */
export function advances(tables: Tables): Uint16Array {
  const numGlyphs = view(need(tables, 'maxp')).getUint16(4);
  const longMetrics = view(need(tables, 'hhea')).getUint16(34);
  const hmtx = view(need(tables, 'hmtx'));
  const out = new Uint16Array(numGlyphs);
  let last = 0;
  for (let g = 0; g < numGlyphs; g++) {
    if (g < longMetrics) last = hmtx.getUint16(g * 4);
    out[g] = last;
  }
  return out;
}

/** Left side bearings in font units, per glyph id. */
function bearings(tables: Tables): Int16Array {
  const numGlyphs = view(need(tables, 'maxp')).getUint16(4);
  const longMetrics = view(need(tables, 'hhea')).getUint16(34);
  const hmtx = view(need(tables, 'hmtx'));
  const out = new Int16Array(numGlyphs);
  for (let g = 0; g < numGlyphs; g++) {
    out[g] = g < longMetrics ? hmtx.getInt16(g * 4 + 2) : hmtx.getInt16(longMetrics * 4 + (g - longMetrics) * 2);
  }
  return out;
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  const whole = data.length & ~3;
  const v = view(data);
  for (let i = 0; i < whole; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  if (whole < data.length) {
    let last = 0;
    for (let i = whole; i < whole + 4; i++) last = (last << 8) | (i < data.length ? (data[i] as number) : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/** What the subset of one font needs from the full font, read once per process. */
export interface SubsetSource {
  tables: Tables;
  advance: Uint16Array;
  bearing: Int16Array;
  glyphOffset: (g: number) => number;
}

export function subsetSource(tables: Tables): SubsetSource {
  const head = need(tables, 'head');
  const loca = view(need(tables, 'loca'));
  const longLoca = view(head).getInt16(50) === 1;
  return {
    tables,
    advance: advances(tables),
    bearing: bearings(tables),
    glyphOffset: longLoca ? (g) => loca.getUint32(g * 4) : (g) => loca.getUint16(g * 2) * 2,
  };
}

/**
 * A font holding the glyphs `glyphs` (original ids; the new id of `glyphs[k]` is `k`, and `glyphs[0]`
 * must be 0, the missing glyph). Components of composite glyphs are appended to `glyphs` (they get
 * the next ids) and their references rewritten.
 */
export function subsetFont(src: SubsetSource, glyphs: number[]): Uint8Array {
  const { tables } = src;
  const glyf = need(tables, 'glyf');
  const gv = view(glyf);
  const newId = new Map<number, number>();
  glyphs.forEach((g, k) => newId.set(g, k));
  const pieces: Uint8Array[] = [];
  for (let k = 0; k < glyphs.length; k++) {
    const g = glyphs[k] as number;
    const start = src.glyphOffset(g);
    const end = src.glyphOffset(g + 1);
    const piece = new Uint8Array((end - start + 3) & ~3);
    piece.set(glyf.subarray(start, end));
    if (end > start && gv.getInt16(start) < 0) {
      // Composite glyph: renumber its components, adding those not yet in the subset.
      const pv = view(piece);
      let p = 10;
      for (;;) {
        const flags = pv.getUint16(p);
        const component = pv.getUint16(p + 2);
        let id = newId.get(component);
        if (id === undefined) {
          id = glyphs.length;
          glyphs.push(component);
          newId.set(component, id);
        }
        pv.setUint16(p + 2, id);
        p += 4 + (flags & 0x0001 ? 4 : 2);
        if (flags & 0x0008) p += 2;
        else if (flags & 0x0040) p += 4;
        else if (flags & 0x0080) p += 8;
        if (!(flags & 0x0020)) break;
      }
    }
    pieces.push(piece);
  }
  const n = glyphs.length;
  const loca = new Uint8Array((n + 1) * 4);
  const lv = view(loca);
  let size = 0;
  pieces.forEach((p, k) => {
    lv.setUint32(k * 4, size);
    size += p.length;
  });
  lv.setUint32(n * 4, size);
  const newGlyf = new Uint8Array(size);
  let at = 0;
  for (const p of pieces) {
    newGlyf.set(p, at);
    at += p.length;
  }
  const hmtx = new Uint8Array(n * 4);
  const hv = view(hmtx);
  glyphs.forEach((g, k) => {
    hv.setUint16(k * 4, src.advance[g] as number);
    hv.setInt16(k * 4 + 2, src.bearing[g] as number);
  });
  const head = need(tables, 'head').slice();
  view(head).setUint32(8, 0); // checksum adjustment, set below
  view(head).setInt16(50, 1); // long loca
  const hhea = need(tables, 'hhea').slice();
  view(hhea).setUint16(34, n);
  const maxp = need(tables, 'maxp').slice();
  view(maxp).setUint16(4, n);
  const post = need(tables, 'post').slice(0, 32);
  view(post).setUint32(0, 0x00030000); // format 3: no glyph names

  const out: Array<[string, Uint8Array]> = [
    ['head', head],
    ['hhea', hhea],
    ['maxp', maxp],
    ['hmtx', hmtx],
    ['loca', loca],
    ['glyf', newGlyf],
    ['post', post],
  ];
  for (const tag of ['OS/2', 'name', 'cvt ', 'fpgm', 'prep']) {
    const t = tables.get(tag);
    if (t) out.push([tag, t]);
  }
  out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const count = out.length;
  let offset = 12 + 16 * count;
  const total = out.reduce((s, [, t]) => s + ((t.length + 3) & ~3), offset);
  const file = new Uint8Array(total);
  const fv = view(file);
  fv.setUint32(0, 0x00010000);
  fv.setUint16(4, count);
  let pow = 1;
  let log = 0;
  while (pow * 2 <= count) {
    pow *= 2;
    log++;
  }
  fv.setUint16(6, pow * 16);
  fv.setUint16(8, log);
  fv.setUint16(10, count * 16 - pow * 16);
  let headOffset = 0;
  let sum = 0; // the whole file's checksum: its tables' (each padded to 4 bytes) plus the directory's
  out.forEach(([tag, t], i) => {
    const rec = 12 + i * 16;
    for (let k = 0; k < 4; k++) file[rec + k] = tag.charCodeAt(k);
    const tableSum = checksum(t);
    sum = (sum + tableSum) >>> 0;
    fv.setUint32(rec + 4, tableSum);
    fv.setUint32(rec + 8, offset);
    fv.setUint32(rec + 12, t.length);
    file.set(t, offset);
    if (tag === 'head') headOffset = offset;
    offset += (t.length + 3) & ~3;
  });
  sum = (sum + checksum(file.subarray(0, 12 + 16 * count))) >>> 0;
  fv.setUint32(headOffset + 8, (0xb1b0afba - sum) >>> 0);
  return file;
}
