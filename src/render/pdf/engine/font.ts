import { loadFontFile } from './font-loader.js';
import { advances, metrics, readTables, subsetSource, type FontMetrics, type SubsetSource } from './sfnt.js';
import { INDIC_SCRIPTS } from './scripts.js';

/**
 * The typefaces of the documents: Noto Sans regular and bold (Latin, with the rupee sign) and Noto
 * Sans for each Indian script the documents print, regular weight (bold text in those scripts is
 * drawn with a thin outline). All SIL Open Font License 1.1, shipped in `fonts/` beside `src/`
 * and `dist/`, and loaded through the font loader port (font-loader.ts). Each file is loaded when
 * first needed and kept for the life of the process; the HarfBuzz shaper (WebAssembly) is loaded with
 * the first Indic font.
 */
export interface FontFile {
  /** Short key: `latin`, `latin-bold` or an ISO 15924 script code. */
  readonly key: string;
  /** PostScript name used as the base of the embedded font's name. */
  readonly postscript: string;
  readonly metrics: FontMetrics;
  /** Advance widths in font units per glyph id. */
  readonly advance: Uint16Array;
  readonly subset: SubsetSource;
  /** Glyph id for a code point, 0 when the font lacks it. */
  glyph(cp: number): number;
  /** Shapes `cps` (one script run) into positioned glyphs; only for fonts loaded with a shaper. */
  shape?(cps: number[], script: string): ShapedGlyph[];
}

/** One glyph out of the shaper: id, cluster (index of its first code point) and position in font units. */
export interface ShapedGlyph {
  gid: number;
  cluster: number;
  advance: number;
  dx: number;
  dy: number;
}

/** Reads the cmap (format 4 or 12, Unicode) of a font into a lookup. */
function cmapLookup(cmap: Uint8Array): (cp: number) => number {
  const v = new DataView(cmap.buffer, cmap.byteOffset, cmap.byteLength);
  const n = v.getUint16(2);
  let best = -1;
  let bestFormat = 0;
  for (let i = 0; i < n; i++) {
    const platform = v.getUint16(4 + i * 8);
    const encoding = v.getUint16(6 + i * 8);
    const offset = v.getUint32(8 + i * 8);
    const format = v.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode && (format === 12 || (format === 4 && bestFormat !== 12))) {
      best = offset;
      bestFormat = format;
    }
  }
  if (best < 0) throw new Error('font has no Unicode cmap');
  const map = new Map<number, number>();
  if (bestFormat === 12) {
    const groups = v.getUint32(best + 12);
    for (let g = 0; g < groups; g++) {
      const at = best + 16 + g * 12;
      const start = v.getUint32(at);
      const end = v.getUint32(at + 4);
      const gid = v.getUint32(at + 8);
      for (let c = start; c <= end && c - start < 0x10000; c++) map.set(c, gid + (c - start));
    }
  } else {
    const segs = v.getUint16(best + 6) / 2;
    const ends = best + 14;
    const starts = ends + segs * 2 + 2;
    const deltas = starts + segs * 2;
    const ranges = deltas + segs * 2;
    for (let s = 0; s < segs; s++) {
      const end = v.getUint16(ends + s * 2);
      const start = v.getUint16(starts + s * 2);
      const delta = v.getInt16(deltas + s * 2);
      const rangeOffset = v.getUint16(ranges + s * 2);
      for (let c = start; c <= end && c !== 0xffff; c++) {
        let gid: number;
        if (rangeOffset === 0) gid = (c + delta) & 0xffff;
        else {
          const at = ranges + s * 2 + rangeOffset + (c - start) * 2;
          gid = v.getUint16(at);
          if (gid !== 0) gid = (gid + delta) & 0xffff;
        }
        if (gid !== 0) map.set(c, gid);
      }
    }
  }
  return (cp) => map.get(cp) ?? 0;
}

type LoadedFont = Omit<FontFile, 'shape'> & { bytes: Uint8Array };

async function readFont(key: string, file: string, postscript: string): Promise<LoadedFont> {
  const bytes = await loadFontFile(file);
  const tables = readTables(bytes);
  const cmap = tables.get('cmap');
  if (!cmap) throw new Error(`${file} has no cmap`);
  return {
    key,
    postscript,
    bytes,
    metrics: metrics(tables),
    advance: advances(tables),
    subset: subsetSource(tables),
    glyph: cmapLookup(cmap),
  };
}

let latin: Promise<{ regular: FontFile; bold: FontFile }> | undefined;

/** Noto Sans regular and bold, read on first use. */
export function latinFonts(): Promise<{ regular: FontFile; bold: FontFile }> {
  latin ??= Promise.all([readFont('latin', 'NotoSans-Regular.ttf', 'NotoSans-Regular'), readFont('latin-bold', 'NotoSans-Bold.ttf', 'NotoSans-Bold')]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  // A font that failed to load is asked for again next time (the loader may be replaced meanwhile).
  latin.catch(() => {
    latin = undefined;
  });
  return latin;
}

type HarfBuzz = typeof import('harfbuzzjs');
let harfbuzz: Promise<HarfBuzz> | undefined;
const indic = new Map<string, Promise<FontFile>>();

/** The font of an Indic script with its shaper, read on first use. */
export function indicFont(code: string): Promise<FontFile> {
  let font = indic.get(code);
  if (!font) {
    const script = INDIC_SCRIPTS.find((s) => s.code === code);
    if (!script) throw new Error(`no font for script ${code}`);
    harfbuzz ??= import('harfbuzzjs');
    const loaded = readFont(code, script.file, script.file.replace(/\.ttf$/, ''));
    font = Promise.all([harfbuzz, loaded]).then(([hb, file]) => withShaper(hb, file));
    font.catch(() => indic.delete(code));
    indic.set(code, font);
  }
  return font;
}

function withShaper(hb: HarfBuzz, file: LoadedFont): FontFile {
  const face = new hb.Face(new hb.Blob(file.bytes));
  const font = new hb.Font(face); // scale defaults to units per em: positions come back in font units
  const buffer = new hb.Buffer();
  const shape = (cps: number[], script: string): ShapedGlyph[] => {
    buffer.clearContents();
    buffer.addCodePoints(cps);
    buffer.setDirection(hb.Direction.LTR);
    buffer.setScript(script);
    hb.shape(font, buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    return infos.map((info, i) => {
      const p = positions[i] as { xAdvance: number; xOffset: number; yOffset: number };
      return { gid: info.codepoint, cluster: info.cluster, advance: p.xAdvance, dx: p.xOffset, dy: p.yOffset };
    });
  };
  return { ...file, shape };
}
