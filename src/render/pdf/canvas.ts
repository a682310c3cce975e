import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { warning, type Issue } from '../../issue.js';
import type { QrMatrix } from '../qr/matrix.js';
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
 * One page's content. While the page is being drawn its operators collect as text; when the next
 * page starts they are deflated and written out, so a long document holds only its output bytes.
 * Operators added afterwards (footers, stamps) go to a second, small stream written at the end.
 */
export class PageOps {
  ops: string[] = [];
  /** Object number of the written content stream; 0 while the page is open. */
  content = 0;
  readonly late: string[] = [];
}

/** A font as used by one document: glyphs renumbered in order of first use (0 is the missing glyph). */
class FontUse {
  readonly gids: number[] = [0];
  readonly cids = new Map<number, number>([[0, 0]]);
  readonly unicode = new Map<number, string>();
  private readonly scale: number;

  constructor(
    readonly font: FontFile,
    readonly resource: string,
    /** Object number of the Type 0 font, written when the document is saved. */
    readonly ref: number,
  ) {
    this.scale = 1000 / font.metrics.unitsPerEm;
  }

  cid(gid: number, text: string | undefined): number {
    let cid = this.cids.get(gid);
    if (cid === undefined) {
      cid = this.gids.length;
      this.gids.push(gid);
      this.cids.set(gid, cid);
    }
    if (text !== undefined && !this.unicode.has(cid)) this.unicode.set(cid, text);
    return cid;
  }

  /** `Tj` operations of unshaped runs already drawn in this document (runs are shared by equal text). */
  readonly encoded = new Map<Run, string>();

  encode(run: Run): string {
    let body = '<';
    let k = 0;
    for (const ch of run.text) body += hex4(this.cid(run.glyphs[k++] as number, ch));
    body += '> Tj';
    // Bounded: a long document's amounts are mostly distinct.
    if (this.encoded.size < 5000) this.encoded.set(run, body);
    return body;
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
  /** QR images by resource name, with their object numbers. */
  private readonly images = new Map<string, number>();
  private readonly fonts = new Map<FontFile, FontUse>();
  /** Characters no font could draw, each once. */
  readonly missing = new Set<string>();
  private readonly digest = createHash('sha256');

  constructor(readonly type: Typesetter) {}

  /** A canvas with Noto Sans and the fonts of the Indic scripts found in `content`'s strings. */
  static async create(content?: unknown): Promise<Canvas> {
    return new Canvas(await Typesetter.create(scriptsUsed(content)));
  }

  /** The warning for characters no font could draw, if any. */
  warnings(code: string): Issue[] {
    if (this.missing.size === 0) return [];
    const list = [...this.missing].map((ch) => `"${ch}" (${[...ch].map((c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`).join(' ')})`);
    return [warning(code, `No embedded font draws ${list.join(', ')}: printed as ? in the PDF`)];
  }

  /** Deflates and writes out a page's content; later operators for it go to its late stream. */
  private closePage(p: PageOps): void {
    if (p.content !== 0) return;
    const body = deflateSync(Buffer.from(`0 G 0 g 0.5 w\n${p.ops.join('\n')}`, 'latin1'), DEFLATE);
    p.ops = [];
    p.content = this.out.reserve();
    this.out.stream(p.content, ' /Filter /FlateDecode', body);
    this.digest.update(body);
  }

  addPage(): PageOps {
    const last = this.pages[this.pages.length - 1];
    if (last) this.closePage(last);
    const p = new PageOps();
    this.pages.push(p);
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

  /** Appends operators to a page: to its open content, or to its late stream once it is closed. */
  private emit(page: PageOps, op: string): void {
    if (page.content === 0) page.ops.push(op);
    else page.late.push(op);
  }

  /** Draws one line of text with its top at `top`; `x` is the left, right or centre edge per `align`. */
  text(text: string, x: number, top: number, style: TextStyle, page: PageOps = this.page): void {
    if (text === '') return;
    const line = this.type.line(text, style.bold);
    for (const ch of line.missing) this.missing.add(ch);
    const size = style.size;
    const w = (line.width * size) / 1000;
    let left = style.align === 'right' ? x - w : style.align === 'center' ? x - w / 2 : x;
    const latin = style.bold ? this.type.bold : this.type.regular;
    const baseline = A4[1] - top - (latin.metrics.ascent * size) / latin.metrics.unitsPerEm;
    const c = style.color;
    for (const run of line.runs) {
      const use = this.use(run.font);
      let body: string;
      if (run.dx === undefined) {
        body = use.encoded.get(run) ?? use.encode(run);
      } else {
        body = shapedOps(use, run, size);
      }
      const colour = c ? `${num(c[0])} ${num(c[1])} ${num(c[2])} rg ${run.outlineBold ? `${num(c[0])} ${num(c[1])} ${num(c[2])} RG ` : ''}` : '';
      const outline = run.outlineBold ? `2 Tr ${num(size * 0.03)} w ` : '';
      let op = `BT ${colour}${outline}/${use.resource} ${num(size)} Tf ${num(left)} ${num(baseline)} Td ${body} ET`;
      if (colour || outline) op = `q ${op} Q`;
      if (run.dx !== undefined) op = `/Span <</ActualText <FEFF${utf16Hex(run.text)}>>> BDC ${op} EMC`;
      this.emit(page, op);
      left += (run.width * size) / 1000;
    }
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
    const op = mode === 'fill' ? `${num(grey)} g ${num(x)} ${num(A4[1] - top - h)} ${num(w)} ${num(h)} re f 0 g` : `${num(x)} ${num(A4[1] - top - h)} ${num(w)} ${num(h)} re S`;
    this.emit(page, op);
  }

  line(x1: number, top1: number, x2: number, top2: number, page: PageOps = this.page): void {
    this.emit(page, `${num(x1)} ${num(A4[1] - top1)} m ${num(x2)} ${num(A4[1] - top2)} l S`);
  }

  /** Places a QR symbol (quiet zone included) as a 1-bit image of `side` points. */
  qr(matrix: QrMatrix, x: number, top: number, side: number, page: PageOps = this.page): void {
    const key = `Q${this.images.size}`;
    const ref = this.out.reserve();
    writeImage(this.out, ref, matrix);
    this.images.set(key, ref);
    this.emit(page, `q ${num(side)} 0 0 ${num(side)} ${num(x)} ${num(A4[1] - top - side)} cm /${key} Do Q`);
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
        const late = deflateSync(Buffer.from(`q 0 G 0 g 0.5 w\n${p.late.join('\n')}\nQ`, 'latin1'), DEFLATE);
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
    return out.finish(catalog, info, this.digest.digest('hex').slice(0, 32).toUpperCase());
  }
}

/**
 * Streams are deflated at level 1: they are small (a few KB of operators a page, font subsets of
 * 10-20 KB), where level 6 halves the speed for 2-4 % smaller output.
 */
const DEFLATE = { level: 1 };

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
  return data.length < DEFLATE_FROM ? [data, ''] : [deflateSync(data, DEFLATE), ' /Filter /FlateDecode'];
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
  const [packed, filter] = deflate ? [deflateSync(file, DEFLATE), ' /Filter /FlateDecode'] : [file, ''];
  const name = `${tag}+${font.postscript}`;
  const m = font.metrics;
  const scale = 1000 / m.unitsPerEm;
  const widths = glyphs.map((g) => use.width(g)).join(' ');
  const lines: string[] = [];
  const entries = [...use.unicode.entries()].sort((a, b) => a[0] - b[0]);
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
  const [cmapBytes, cmapFilter] = packStream(Buffer.from(cmap, 'latin1'));
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

/** Writes a QR symbol (with a 4-module quiet zone) as a 1-bit DeviceGray image, 1 = dark. */
function writeImage(out: PdfWriter, ref: number, m: QrMatrix): void {
  const margin = 4;
  const side = m.size + 2 * margin;
  const stride = (side + 7) >> 3;
  const bits = new Uint8Array(stride * side);
  const modules = m.modules;
  for (let y = 0; y < m.size; y++) {
    const row = (y + margin) * stride;
    const base = y * m.size;
    for (let x = 0; x < m.size; x++) {
      if (modules[base + x] !== 1) continue;
      const px = x + margin;
      bits[row + (px >> 3)] = (bits[row + (px >> 3)] as number) | (0x80 >> (px & 7));
    }
  }
  // A QR's bits hardly compress (about 5 %): written as they are.
  const [bytes, filter] = packStream(bits);
  out.stream(ref, ` /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 1 /Decode [1 0] /Interpolate false${filter}`, bytes);
}
