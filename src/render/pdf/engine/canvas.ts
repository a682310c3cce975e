import { warning, type Issue } from '../../../issue.js';
import { zlibDeflate, zlibInflate } from '../../../platform/deflate.js';
import { latin1Bytes } from '../../../platform/latin1.js';
import { createSha256, toHex, type Sha256 } from '../../../platform/sha256.js';
import type { QrMatrix } from '../../qr/matrix.js';
import type { Raster } from './raster.js';
import { ContentBuffer } from './content.js';
import type { FontFile } from './font.js';
import { subsetFont } from './sfnt.js';
import { scriptsUsed, Typesetter, type Run } from './typeset.js';
import { pdfDate, PdfWriter, textString } from './writer.js';

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 28;

export type Align = 'left' | 'right' | 'center';

export interface TextStyle {
  size: number;
  bold?: boolean;
  align?: Align;
  color?: [number, number, number];
}

const num = (n: number): string => (Math.round(n * 100) / 100).toString();

/**
 * One page. While the page is being drawn its operators go into the canvas's content buffer; when
 * the next page starts they are deflated and written out, so a long document holds only its output
 * bytes. Operators added afterwards (footers, stamps) go to a second, small stream written at the end.
 */
export class PageOps {
  /** Object number of the written content stream; 0 while the page is open. */
  content = 0;
  /** Operators added after the page was written, each ending in a line break. */
  readonly late: string[] = [];
}

/** A font as used by one document: glyphs renumbered in order of first use (0 is the missing glyph). */
class FontUse {
  readonly gids: number[] = [0];
  /** CID of each glyph id of the full font; 0 until used (glyph 0 is always CID 0). */
  private readonly cidOf: Uint16Array;
  /** Unicode text of each CID, for the ToUnicode map, where known. */
  readonly unicode: Array<string | undefined> = [];
  private readonly scale: number;

  constructor(
    readonly font: FontFile,
    readonly resource: string,
    /** Object number of the Type 0 font, written when the document is saved. */
    readonly ref: number,
  ) {
    this.scale = 1000 / font.metrics.unitsPerEm;
    this.cidOf = new Uint16Array(font.advance.length);
  }

  cid(gid: number, text: string | undefined): number {
    let cid = this.cidOf[gid] as number;
    if (cid === 0 && gid !== 0) {
      cid = this.gids.length;
      this.gids.push(gid);
      this.cidOf[gid] = cid;
    }
    if (text !== undefined && this.unicode[cid] === undefined) this.unicode[cid] = text;
    return cid;
  }

  /**
   * Writes an unshaped run as a `Tj` operation. Its glyphs are the code points of its text one for
   * one; a code point's text is only made for a CID whose Unicode is not yet known.
   */
  encodeInto(b: ContentBuffer, run: Run): void {
    const { glyphs, text } = run;
    b.ascii('<');
    let i = 0;
    for (let k = 0; k < glyphs.length; k++) {
      const cp = text.codePointAt(i) as number;
      const gid = glyphs[k] as number;
      let cid = this.cidOf[gid] as number;
      if ((cid === 0 && gid !== 0) || this.unicode[cid] === undefined) cid = this.cid(gid, String.fromCodePoint(cp));
      b.hex4(cid);
      i += cp > 0xffff ? 2 : 1;
    }
    b.ascii('> Tj');
  }

  /** Advance of a glyph in thousandths of the font size, as written in the font's W array. */
  width(gid: number): number {
    return Math.round((this.font.advance[gid] as number) * this.scale);
  }
}

const HEX4 = Array.from({ length: 4096 }, (_, n) => n.toString(16).padStart(4, '0'));
const hex4 = (n: number): string => HEX4[n] ?? n.toString(16).padStart(4, '0');

function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
}

/**
 * A small drawing surface writing a PDF file: pages as raw content streams, text typeset in the embedded
 * fonts (each subset to the glyphs the document uses), lines, boxes and 1-bit images. Coordinates
 * are from the top-left corner, in points.
 */
export class Canvas {
  readonly pages: PageOps[] = [];
  private readonly out = new PdfWriter();
  private readonly resources = this.out.reserve();
  private readonly pageTree = this.out.reserve();
  /** Images (QR symbols, logos) by resource name, with their object numbers. */
  private readonly images = new Map<string, number>();
  private readonly fonts = new Map<FontFile, FontUse>();
  /** Characters no font could draw, each once. */
  readonly missing = new Set<string>();
  private readonly digest = createSha256();
  /** Operators of the open page. */
  private readonly content = new ContentBuffer();
  /** Operators for a page already written, before they join its late stream. */
  private readonly scratch = new ContentBuffer(1024);

  constructor(readonly type: Typesetter) {}

  /** A canvas with Noto Sans and the fonts of the Indic scripts found in `content`'s strings. */
  static async create(content?: unknown): Promise<Canvas> {
    return new Canvas(await Typesetter.create(scriptsUsed(content)));
  }

  /** The warning for characters no font could draw, if any. */
  warnings(code: string): Issue[] {
    if (this.missing.size === 0) return [];
    const list = [...this.missing].map(
      (ch) => `"${ch}" (${[...ch].map((c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`).join(' ')})`,
    );
    return [warning(code, `No embedded font draws ${list.join(', ')}: printed as ? in the PDF`)];
  }

  /** Deflates and writes out a page's content; later operators for it go to its late stream. */
  private closePage(p: PageOps): void {
    if (p.content !== 0) return;
    const body = zlibDeflate(this.content.view(), DEFLATE);
    this.content.clear();
    p.content = this.out.reserve();
    this.out.stream(p.content, ' /Filter /FlateDecode', body);
    this.digest.update(body);
  }

  addPage(): PageOps {
    const last = this.pages[this.pages.length - 1];
    if (last) this.closePage(last);
    const p = new PageOps();
    this.pages.push(p);
    this.content.ascii('0 G 0 g 0.5 w\n');
    return p;
  }

  get page(): PageOps {
    return this.pages[this.pages.length - 1] as PageOps;
  }

  width(text: string, style: TextStyle): number {
    return (this.type.measure(text, style.bold) * style.size) / 1000;
  }

  private use(font: FontFile): FontUse {
    let u = this.fonts.get(font);
    if (!u) {
      u = new FontUse(font, `F${this.fonts.size}`, this.out.reserve());
      this.fonts.set(font, u);
    }
    return u;
  }

  /**
   * Where operators for `page` go: the content buffer while the page is open, else the scratch
   * buffer, emptied, whose text {@link endOps} moves to the page's late stream.
   */
  private ops(page: PageOps): ContentBuffer {
    if (page.content === 0) return this.content;
    this.scratch.clear();
    return this.scratch;
  }

  private endOps(page: PageOps, b: ContentBuffer): void {
    if (b === this.scratch) page.late.push(b.text());
  }

  /** Appends one operator line to a page: to its open content, or to its late stream once it is written. */
  private emit(page: PageOps, op: string): void {
    const b = this.ops(page);
    b.ascii(op).ascii('\n');
    this.endOps(page, b);
  }

  /** Draws one line of text with its top at `top`; `x` is the left, right or centre edge per `style.align`. */
  text(text: string, x: number, top: number, style: TextStyle, page: PageOps = this.page): void {
    this.place(text, x, top, style, style.align, page);
  }

  /** {@link text} with the alignment given apart from the style (table cells share one style). */
  place(text: string, x: number, top: number, style: TextStyle, align: Align | undefined, page: PageOps = this.page): void {
    if (text === '') return;
    const line = this.type.line(text, style.bold);
    for (let i = 0; i < line.missing.length; i++) this.missing.add(line.missing[i] as string);
    const size = style.size;
    const w = (line.width * size) / 1000;
    let left = align === 'right' ? x - w : align === 'center' ? x - w / 2 : x;
    const latin = style.bold ? this.type.bold : this.type.regular;
    const baseline = A4[1] - top - (latin.metrics.ascent * size) / latin.metrics.unitsPerEm;
    const c = style.color;
    const b = this.ops(page);
    for (const run of line.runs) {
      const use = this.use(run.font);
      const shaped = run.dx !== undefined;
      const framed = c !== undefined || run.outlineBold;
      if (shaped) b.ascii('/Span <</ActualText <FEFF').ascii(utf16Hex(run.text)).ascii('>>> BDC ');
      if (framed) b.ascii('q ');
      b.ascii('BT ');
      if (c) {
        b.num(c[0]).num(c[1]).num(c[2]).ascii('rg ');
        if (run.outlineBold) b.num(c[0]).num(c[1]).num(c[2]).ascii('RG ');
      }
      if (run.outlineBold)
        b.ascii('2 Tr ')
          .num(size * 0.03)
          .ascii('w ');
      b.ascii('/').ascii(use.resource).ascii(' ').num(size).ascii('Tf ').num(left).num(baseline).ascii('Td ');
      if (shaped) b.ascii(shapedOps(use, run, size));
      else use.encodeInto(b, run);
      b.ascii(framed ? (shaped ? ' ET Q EMC\n' : ' ET Q\n') : shaped ? ' ET EMC\n' : ' ET\n');
      left += (run.width * size) / 1000;
    }
    this.endOps(page, b);
  }

  /** Line height for a size. */
  lineHeight(size: number): number {
    return size * 1.25;
  }

  /**
   * Breaks `text` into lines no wider than `width`: at spaces where possible, inside a word (between
   * grapheme clusters) when the word alone is too wide. Existing line breaks are kept.
   */
  wrap(text: string, width: number, style: TextStyle): string[] {
    // Most cells (amounts, codes, short names) fit on one line as they are.
    if (!/[^\S ]| {2}|^ | $/.test(text) && this.width(text, style) <= width) return [text];
    const out: string[] = [];
    for (const para of text.split(/\r?\n/)) {
      let line = '';
      for (const word of para.split(/\s+/).filter((w) => w !== '')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (this.width(candidate, style) <= width) {
          line = candidate;
          continue;
        }
        if (line !== '') out.push(line);
        line = '';
        let rest = word;
        while (this.width(rest, style) > width) {
          const parts = Array.from(GRAPHEMES.segment(rest), (s) => s.segment);
          let cut = 1;
          while (cut < parts.length && this.width(parts.slice(0, cut + 1).join(''), style) <= width) cut++;
          out.push(parts.slice(0, cut).join(''));
          rest = parts.slice(cut).join('');
        }
        line = rest;
      }
      out.push(line);
    }
    while (out.length > 1 && out[out.length - 1] === '') out.pop();
    return out;
  }

  rect(x: number, top: number, w: number, h: number, mode: 'stroke' | 'fill', grey = 0, page: PageOps = this.page): void {
    const b = this.ops(page);
    if (mode === 'fill') b.num(grey).ascii('g ');
    b.num(x)
      .num(A4[1] - top - h)
      .num(w)
      .num(h)
      .ascii(mode === 'fill' ? 're f 0 g\n' : 're S\n');
    this.endOps(page, b);
  }

  /**
   * Outlines a row of boxes side by side, `widths` from `x`, all `h` high: one path stroked once,
   * which paints what a stroked rectangle per box would.
   */
  cells(x: number, top: number, widths: readonly number[], h: number, page: PageOps = this.page): void {
    const b = this.ops(page);
    const y = A4[1] - top - h;
    for (const w of widths) {
      b.num(x).num(y).num(w).num(h).ascii('re ');
      x += w;
    }
    b.ascii('S\n');
    this.endOps(page, b);
  }

  line(x1: number, top1: number, x2: number, top2: number, page: PageOps = this.page): void {
    const b = this.ops(page);
    b.num(x1)
      .num(A4[1] - top1)
      .ascii('m ')
      .num(x2)
      .num(A4[1] - top2)
      .ascii('l S\n');
    this.endOps(page, b);
  }

  /** Places a QR symbol (quiet zone included) as a 1-bit image of `side` points. */
  qr(matrix: QrMatrix, x: number, top: number, side: number, page: PageOps = this.page): void {
    const key = `Q${this.images.size}`;
    const ref = this.out.reserve();
    writeImage(this.out, ref, matrix);
    this.images.set(key, ref);
    this.emit(page, `q ${num(side)} 0 0 ${num(side)} ${num(x)} ${num(A4[1] - top - side)} cm /${key} Do Q`);
  }

  /** Draws a PNG or JPEG read by `readRaster` as `w` by `h` points, its top-left corner at (`x`, `top`). */
  image(raster: Raster, x: number, top: number, w: number, h: number, page: PageOps = this.page): void {
    const key = `I${this.images.size}`;
    const ref = this.out.reserve();
    writeRaster(this.out, ref, raster, this.digest);
    this.images.set(key, ref);
    this.emit(page, `q ${num(w)} 0 0 ${num(h)} ${num(x)} ${num(A4[1] - top - h)} cm /${key} Do Q`);
  }

  /** A large outlined red stamp across the page. */
  stamp(text: string, page: PageOps): void {
    const size = 96;
    const line = this.type.line(text, true);
    const w = (line.width * size) / 1000;
    const angle = Math.atan2(A4[1], A4[0]) * 0.6;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const cx = A4[0] / 2 - (w / 2) * cos;
    const cy = A4[1] / 2 - (w / 2) * sin - size * 0.35 * cos;
    for (const run of line.runs) {
      const use = this.use(run.font);
      let hex = '<';
      let k = 0;
      for (const ch of run.text) hex += hex4(use.cid(run.glyphs[k++] as number, ch));
      this.emit(
        page,
        `q 0.85 0.1 0.1 RG 2 w BT 1 Tr /${use.resource} ${size} Tf ${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(cx)} ${num(cy)} Tm ${hex}> Tj ET Q`,
      );
    }
  }

  /**
   * Finishes the document: fixed dates, producer and an id hashed from the page content, so equal
   * input gives equal bytes. Fonts are cut to the glyphs this document used.
   */
  async save(meta: { title: string; subject: string; date: Date }): Promise<Uint8Array> {
    const out = this.out;
    const last = this.pages[this.pages.length - 1];
    if (last) this.closePage(last);
    const kids: string[] = [];
    const box = `[0 0 ${num(A4[0])} ${num(A4[1])}]`;
    for (const p of this.pages) {
      let contents = `${p.content} 0 R`;
      if (p.late.length > 0) {
        const late = zlibDeflate(latin1Bytes(`q 0 G 0 g 0.5 w\n${p.late.join('')}Q`), DEFLATE);
        this.digest.update(late);
        const ref = out.reserve();
        out.stream(ref, ' /Filter /FlateDecode', late);
        contents = `[${contents} ${ref} 0 R]`;
      }
      const ref = out.reserve();
      out.object(ref, `<< /Type /Page /Parent ${this.pageTree} 0 R /MediaBox ${box} /Resources ${this.resources} 0 R /Contents ${contents} >>`);
      kids.push(`${ref} 0 R`);
    }
    let n = 0;
    let fonts = '';
    const subsets = [...this.fonts.values()].map((use) => {
      const glyphs = [...use.gids];
      return { use, glyphs, file: subsetFont(use.font.subset, glyphs) };
    });
    // Two fonts of a one-page invoice (about 9 KB each) are cheaper to write as they are; a document
    // with more fonts, or larger ones, deflates them.
    const deflateFonts = subsets.reduce((sum, s) => sum + s.file.length, 0) > FONTS_RAW_UP_TO;
    for (const { use, glyphs, file } of subsets) {
      embedFont(out, use, `GSTK${String.fromCharCode(65 + Math.floor(n / 26), 65 + (n++ % 26))}`, glyphs, file, deflateFonts);
      fonts += ` /${use.resource} ${use.ref} 0 R`;
    }
    let images = '';
    for (const [key, ref] of this.images) images += ` /${key} ${ref} 0 R`;
    out.object(this.resources, `<< /Font <<${fonts} >>${images ? ` /XObject <<${images} >>` : ''} >>`);
    out.object(this.pageTree, `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${kids.length} >>`);
    const catalog = out.reserve();
    out.object(catalog, `<< /Type /Catalog /Pages ${this.pageTree} 0 R >>`);
    const info = out.reserve();
    const date = pdfDate(meta.date);
    out.object(
      info,
      `<< /Title ${textString(meta.title)} /Subject ${textString(meta.subject)} /Creator ${textString('gstkit')} /Producer ${textString('gstkit')} /CreationDate ${date} /ModDate ${date} >>`,
    );
    this.digest.update(`${meta.title}\n${meta.subject}\n${meta.date.toISOString()}`);
    return out.finish(catalog, info, toHex(this.digest.digest()).slice(0, 32).toUpperCase());
  }
}

/**
 * Streams are deflated at level 1: they are small (a few KB of operators a page, font subsets of
 * 10-20 KB), where level 6 halves the speed for 2-4 % smaller output.
 */
const DEFLATE = { level: 1 } as const;

/**
 * Below this size a stream is written as it is: each deflateSync call costs setup (a zlib stream,
 * its tables, and the garbage they leave) whatever the input, more than a few KB of saving is worth
 * in a one-page document (which stays under 40 KB).
 */
const DEFLATE_FROM = 12 * 1024;

/** Fonts are written undeflated while their subsets add up to no more than this. */
const FONTS_RAW_UP_TO = 24 * 1024;

/** A stream's bytes and its /Filter entry: deflated only when large enough to gain. */
function packStream(data: Uint8Array): [Uint8Array, string] {
  return data.length < DEFLATE_FROM ? [data, ''] : [zlibDeflate(data, DEFLATE), ' /Filter /FlateDecode'];
}

const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A shaped run as TJ: each glyph moved to its shaped position, marks raised with Ts. */
function shapedOps(use: FontUse, run: Run, size: number): string {
  const dx = run.dx as number[];
  const dy = run.dy as number[];
  const advances = run.advances as number[];
  let out = '[';
  let hex = '';
  let pen = 0; // where the shaper puts the pen, thousandths of the size
  let pdfPen = 0; // where the PDF's own advances have put it
  let rise = 0;
  const flush = (): void => {
    if (hex !== '') out += `<${hex}>`;
    hex = '';
  };
  run.glyphs.forEach((g, k) => {
    const target = pen + (dx[k] as number);
    const r = Math.round(((dy[k] as number) * size) / 10) / 100;
    if (r !== rise) {
      flush();
      out += `] TJ ${num(r)} Ts [`;
      rise = r;
    }
    const adjust = Math.round(target - pdfPen);
    if (adjust !== 0) {
      flush();
      out += ` ${-adjust} `;
    }
    hex += hex4(use.cid(g, run.unicode?.[k]));
    pdfPen = pdfPen + adjust + use.width(g);
    pen += advances[k] as number;
  });
  flush();
  out += '] TJ';
  if (rise !== 0) out += ' 0 Ts';
  return out;
}

/** Writes a used font into the document as a Type 0 font (Identity-H) over its subset. */
function embedFont(out: PdfWriter, use: FontUse, tag: string, glyphs: number[], file: Uint8Array, deflate: boolean): void {
  const { font } = use;
  const [packed, filter] = deflate ? [zlibDeflate(file, DEFLATE), ' /Filter /FlateDecode'] : [file, ''];
  const name = `${tag}+${font.postscript}`;
  const m = font.metrics;
  const scale = 1000 / m.unitsPerEm;
  const widths = glyphs.map((g) => use.width(g)).join(' ');
  const lines: string[] = [];
  const entries: Array<[number, string]> = [];
  use.unicode.forEach((text, cid) => {
    if (text !== undefined) entries.push([cid, text]);
  });
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    lines.push(`${chunk.length} beginbfchar`);
    for (const [cid, text] of chunk) lines.push(`<${hex4(cid)}> <${utf16Hex(text)}>`);
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
  const fontFile = out.reserve();
  out.stream(fontFile, ` /Length1 ${file.length}${filter}`, packed);
  const toUnicode = out.reserve();
  const [cmapBytes, cmapFilter] = packStream(latin1Bytes(cmap));
  out.stream(toUnicode, cmapFilter, cmapBytes);
  const descriptor = out.reserve();
  const bbox = m.bbox.map((v) => Math.round(v * scale)).join(' ');
  out.object(
    descriptor,
    `<< /Type /FontDescriptor /FontName /${name} /Flags 32 /FontBBox [${bbox}] /ItalicAngle 0 /Ascent ${Math.round(m.ascent * scale)} /Descent ${Math.round(m.descent * scale)} /CapHeight ${Math.round(m.capHeight * scale)} /StemV 80 /FontFile2 ${fontFile} 0 R >>`,
  );
  const cid = out.reserve();
  out.object(
    cid,
    `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${name} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R /DW 0 /W [0 [${widths}]] /CIDToGIDMap /Identity >>`,
  );
  out.object(use.ref, `<< /Type /Font /Subtype /Type0 /BaseFont /${name} /Encoding /Identity-H /DescendantFonts [${cid} 0 R] /ToUnicode ${toUnicode} 0 R >>`);
}

/** Inflates zlib data for the raster reader, refusing (throwing) past `maxBytes` of output. */
export function inflateBounded(data: Uint8Array, maxBytes: number): Uint8Array {
  return zlibInflate(data, maxBytes);
}

/**
 * Writes a raster as an image XObject: a JPEG's own bytes under DCTDecode, or deflated 8-bit samples with
 * their alpha as a soft mask. The bytes join the document id, so documents that differ only in the image differ in id.
 */
function writeRaster(out: PdfWriter, ref: number, r: Raster, digest: Sha256): void {
  const size = ` /Type /XObject /Subtype /Image /Width ${r.width} /Height ${r.height} /BitsPerComponent 8`;
  if (r.kind === 'jpeg') {
    const space = r.components === 1 ? '/DeviceGray' : r.components === 3 ? '/DeviceRGB' : '/DeviceCMYK';
    const decode = r.inverted ? ' /Decode [1 0 1 0 1 0 1 0]' : '';
    digest.update(r.bytes);
    out.stream(ref, `${size} /ColorSpace ${space}${decode} /Filter /DCTDecode`, r.bytes);
    return;
  }
  let mask = '';
  if (r.alpha) {
    const maskRef = out.reserve();
    const [alpha, filter] = packStream(r.alpha);
    digest.update(alpha);
    out.stream(maskRef, `${size} /ColorSpace /DeviceGray${filter}`, alpha);
    mask = ` /SMask ${maskRef} 0 R`;
  }
  const [samples, filter] = packStream(r.samples);
  digest.update(samples);
  out.stream(ref, `${size} /ColorSpace ${r.colors === 1 ? '/DeviceGray' : '/DeviceRGB'}${mask}${filter}`, samples);
}

/** Writes a QR symbol (with a 4-module quiet zone) as a 1-bit DeviceGray image, 1 = dark. */
function writeImage(out: PdfWriter, ref: number, m: QrMatrix): void {
  const margin = 4;
  const side = m.size + 2 * margin;
  const stride = (side + 7) >> 3;
  const bits = new Uint8Array(stride * side);
  const modules = m.modules;
  const size = m.size;
  // A byte at a time from its eight modules, without a branch per module (dark and light are random).
  for (let y = 0; y < size; y++) {
    const row = (y + margin) * stride;
    const base = y * size - margin; // index of pixel column px is base + px
    for (let k = 0; k < stride; k++) {
      let byte = 0;
      for (let b = 0, px = k * 8; b < 8; b++, px++) {
        const x = px - margin;
        byte = (byte << 1) | (x >= 0 && x < size ? (modules[base + px] as number) & 1 : 0);
      }
      bits[row + k] = byte;
    }
  }
  // A QR's bits hardly compress (about 5 %): written as they are.
  const [bytes, filter] = packStream(bits);
  out.stream(
    ref,
    ` /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [1 0] /Interpolate false${filter}`,
    bytes,
  );
}
