import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { subsetKeepingIds } from './subset.js';
import { PDFRawStream, PDFString, type PDFContext, type PDFRef } from 'pdf-lib';

/**
 * The embedded typeface: Noto Sans (SIL Open Font License 1.1), regular and bold, which has the
 * rupee sign. Each face is read once per process and cut down to a fixed character set (printable
 * ASCII, Latin-1, Latin Extended-A, common punctuation, the rupee and euro signs); the cut-down
 * font file and its ToUnicode map are deflated once, so embedding them in a document costs nothing
 * but two object writes. Characters outside the set print as `?`.
 */
export interface PdfFace {
  readonly name: string;
  /** Glyph id in the subset for each code point. */
  readonly gid: Map<number, number>;
  /** Advance widths in thousandths of the font size, per code point. */
  readonly advance: Map<number, number>;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly bbox: [number, number, number, number];
  readonly fontFile: Uint8Array;
  readonly fontFileLength: number;
  readonly toUnicode: Uint8Array;
  /** The CID widths array, flat: [gid, [w], gid, [w], ...]. */
  readonly widths: Array<number | number[]>;
}

const require = createRequire(import.meta.url);

function charset(): number[] {
  const set: number[] = [];
  for (let c = 0x20; c <= 0x7e; c++) set.push(c);
  for (let c = 0xa0; c <= 0x17f; c++) set.push(c);
  set.push(0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x20ac, 0x20b9, 0x2122);
  return set;
}

function buildFace(file: string, name: string): PdfFace {
  const bytes = readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`));
  const font = fontkit.create(bytes);
  const gid = new Map<number, number>();
  const advance = new Map<number, number>();
  const unitScale = 1000 / font.unitsPerEm;
  const widthByGid = new Map<number, number>();
  for (const cp of charset()) {
    if (!font.hasGlyphForCodePoint(cp)) continue;
    const glyph = font.glyphForCodePoint(cp);
    const id = glyph.id;
    const w = Math.round(glyph.advanceWidth * unitScale);
    gid.set(cp, id);
    advance.set(cp, w);
    widthByGid.set(id, w);
  }
  const raw = subsetKeepingIds(bytes, gid.values());
  const lines: string[] = [];
  const entries = [...gid.entries()].sort((a, b) => a[1] - b[1]);
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    lines.push(`${chunk.length} beginbfchar`);
    for (const [cp, id] of chunk) {
      lines.push(`<${id.toString(16).padStart(4, '0')}> <${cp.toString(16).padStart(4, '0')}>`);
    }
    lines.push('endbfchar');
  }
  const cmap = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...lines,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
  const widths: Array<number | number[]> = [];
  for (const [id, w] of [...widthByGid.entries()].sort((a, b) => a[0] - b[0])) widths.push(id, [w]);
  const bb = font.bbox;
  return {
    name,
    gid,
    advance,
    ascent: Math.round(font.ascent * unitScale),
    descent: Math.round(font.descent * unitScale),
    capHeight: Math.round((font.capHeight || font.ascent * 0.7) * unitScale),
    bbox: [bb.minX, bb.minY, bb.maxX, bb.maxY].map((v) => Math.round(v * unitScale)) as [number, number, number, number],
    fontFile: deflateSync(raw),
    fontFileLength: raw.length,
    toUnicode: deflateSync(Buffer.from(cmap, 'latin1')),
    widths,
  };
}

export interface PdfFaces {
  regular: PdfFace;
  bold: PdfFace;
}

let faces: Promise<PdfFaces> | undefined;

/** Both faces, built on first use and kept for the life of the process. */
export function loadFaces(): Promise<PdfFaces> {
  faces ??= Promise.resolve().then(() => ({
    regular: buildFace('400Regular/NotoSans_400Regular.ttf', 'GSTKAA+NotoSans-Regular'),
    bold: buildFace('700Bold/NotoSans_700Bold.ttf', 'GSTKAB+NotoSans-Bold'),
  }));
  return faces;
}

/** Writes a face into a document as a Type 0 font with Identity-H encoding; returns its reference. */
export function embedFace(context: PDFContext, face: PdfFace): PDFRef {
  const file = context.register(
    PDFRawStream.of(
      context.obj({ Length: face.fontFile.length, Length1: face.fontFileLength, Filter: 'FlateDecode' }),
      face.fontFile,
    ),
  );
  const toUnicode = context.register(
    PDFRawStream.of(context.obj({ Length: face.toUnicode.length, Filter: 'FlateDecode' }), face.toUnicode),
  );
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: face.name,
      Flags: 32,
      FontBBox: face.bbox,
      ItalicAngle: 0,
      Ascent: face.ascent,
      Descent: face.descent,
      CapHeight: face.capHeight,
      StemV: 80,
      FontFile2: file,
    }),
  );
  const cid = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: face.name,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 0,
      W: face.widths,
      CIDToGIDMap: 'Identity',
    }),
  );
  return context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: face.name,
      Encoding: 'Identity-H',
      DescendantFonts: [cid],
      ToUnicode: toUnicode,
    }),
  );
}

/** Width of `text` at `size` points. */
export function textWidth(face: PdfFace, text: string, size: number): number {
  let w = 0;
  const fallback = face.advance.get(0x3f) as number;
  for (const ch of text) w += face.advance.get(ch.codePointAt(0) as number) ?? fallback;
  return (w * size) / 1000;
}

/** The hex string of glyph ids for a `Tj` operator. */
export function encodeText(face: PdfFace, text: string): string {
  let out = '<';
  const fallback = face.gid.get(0x3f) as number;
  for (const ch of text) {
    const id = face.gid.get(ch.codePointAt(0) as number) ?? fallback;
    out += id.toString(16).padStart(4, '0');
  }
  return out + '>';
}

