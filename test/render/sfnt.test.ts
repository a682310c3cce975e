import { describe, expect, it } from 'vitest';
import { latinFonts } from '../../src/render/pdf/engine/font.js';
import { readTables, subsetFont } from '../../src/render/pdf/engine/sfnt.js';

function sum(data: Uint8Array): number {
  const padded = new Uint8Array((data.length + 3) & ~3);
  padded.set(data);
  const v = new DataView(padded.buffer);
  let s = 0;
  for (let i = 0; i < padded.length; i += 4) s = (s + v.getUint32(i)) >>> 0;
  return s;
}

describe('per-document font subsets', () => {
  it('are valid TrueType files: table and whole-file checksums, glyph count, composite parts renumbered', async () => {
    const { regular } = await latinFonts();
    // "Á" and "ŵ" are composites in Noto Sans (base letter and accent); their parts join the subset.
    const wanted = [0, ...Array.from('Rao Traders ÁŵÇ₹', (ch) => regular.glyph(ch.codePointAt(0) as number))];
    const glyphs = [...new Set(wanted)];
    const requested = glyphs.length;
    const file = subsetFont(regular.subset, glyphs);
    expect(glyphs.length).toBeGreaterThan(requested);
    expect(sum(file)).toBe(0xb1b0afba);
    const tables = readTables(file);
    const dir = new DataView(file.buffer, file.byteOffset);
    for (let i = 0; i < dir.getUint16(4); i++) {
      const tag = String.fromCharCode(...file.subarray(12 + i * 16, 16 + i * 16));
      const data = tables.get(tag) as Uint8Array;
      if (tag !== 'head') expect(dir.getUint32(12 + i * 16 + 4)).toBe(sum(data));
    }
    const maxp = tables.get('maxp') as Uint8Array;
    expect(new DataView(maxp.buffer, maxp.byteOffset).getUint16(4)).toBe(glyphs.length);
    // Every composite's component ids point inside the subset.
    const glyf = tables.get('glyf') as Uint8Array;
    const loca = tables.get('loca') as Uint8Array;
    const lv = new DataView(loca.buffer, loca.byteOffset);
    const gv = new DataView(glyf.buffer, glyf.byteOffset);
    let composites = 0;
    for (let g = 0; g < glyphs.length; g++) {
      const start = lv.getUint32(g * 4);
      if (lv.getUint32(g * 4 + 4) === start || gv.getInt16(start) >= 0) continue;
      composites++;
      let p = start + 10;
      for (;;) {
        const flags = gv.getUint16(p);
        expect(gv.getUint16(p + 2)).toBeLessThan(glyphs.length);
        p += 4 + (flags & 1 ? 4 : 2) + (flags & 8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0);
        if (!(flags & 0x20)) break;
      }
    }
    expect(composites).toBeGreaterThan(0);
  });
});
