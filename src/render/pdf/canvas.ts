import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFContext, type PDFRef } from 'pdf-lib';
import { warning, type Issue } from '../../issue.js';
import type { QrMatrix } from '../qr/matrix.js';
import type { FontFile } from './font.js';
import { subsetFont } from './sfnt.js';
import { scriptsUsed, Typesetter, type Run } from './typeset.js';

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
 * page starts they are deflated and dropped, so a long document holds compressed pages only.
 * Operators added afterwards (footers, stamps) go to a second, small stream.
 */
export class PageOps {
  ops: string[] = [];
  body: Uint8Array | undefined;
  readonly late: string[] = [];
  readonly images = new Set<string>();

  close(): Uint8Array {
    if (this.body === undefined) {
      this.body = deflateSync(Buffer.from(`0 G 0 g 0.5 w\n${this.ops.join('\n')}`, 'latin1'));
      this.ops = [];
    }
    return this.body;
  }
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

  /** Advance of a glyph in thousandths of the font size, as written in the font's W array. */
  width(gid: number): number {
    return Math.round((this.font.advance[gid] as number) * this.scale);
  }
}

const hex4 = (n: number): string => n.toString(16).padStart(4, '0');

function utf16Hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
}

/**
 * A small drawing surface over pdf-lib: pages as raw content streams, text typeset in the embedded
 * fonts (each subset to the glyphs the document uses), lines, boxes and 1-bit images. Coordinates
 * are from the top-left corner, in points.
 */
export class Canvas {
  readonly pages: PageOps[] = [];
  private images = new Map<string, QrMatrix>();
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

  addPage(): PageOps {
    const last = this.pages[this.pages.length - 1];
    if (last) this.digest.update(last.close());
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
      u = new FontUse(font, `F${this.fonts.size}`);
      this.fonts.set(font, u);
    }
    return u;
  }

  /** Appends operators to a page: to its open content, or to its late stream once it is closed. */
  private emit(page: PageOps, op: string): void {
    if (page.body === undefined) page.ops.push(op);
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
        body = '<';
        run.glyphs.forEach((g, k) => (body += hex4(use.cid(g, run.unicode[k]))));
        body += '> Tj';
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
    this.images.set(key, matrix);
    page.images.add(key);
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
      run.glyphs.forEach((g, k) => (hex += hex4(use.cid(g, run.unicode[k]))));
      this.emit(
        page,
        `q 0.85 0.1 0.1 RG 2 w BT 1 Tr /${use.resource} ${size} Tf ${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(cx)} ${num(cy)} Tm ${hex}> Tj ET Q`,
      );
    }
  }

  /**
   * Writes the document: fixed dates, producer and an id hashed from the page content, so equal input
   * gives equal bytes. Fonts are cut to the glyphs this document used.
   */
  async save(meta: { title: string; subject: string; date: Date }): Promise<Uint8Array> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const ctx = doc.context;
    const last = this.pages[this.pages.length - 1];
    if (last) this.digest.update(last.close());
    const fontRefs: Array<[string, PDFRef]> = [];
    let n = 0;
    for (const use of this.fonts.values()) fontRefs.push([use.resource, embedFont(ctx, use, `GSTK${String.fromCharCode(65 + Math.floor(n / 26), 65 + (n++ % 26))}`)]);
    const imageRefs = new Map<string, PDFRef>();
    for (const [key, m] of this.images) imageRefs.set(key, ctx.register(imageStream(ctx, m)));
    for (const p of this.pages) {
      const page = doc.addPage(A4);
      for (const [name, ref] of fontRefs) page.node.setFontDictionary(PDFName.of(name), ref);
      for (const key of p.images) page.node.setXObject(PDFName.of(key), imageRefs.get(key) as PDFRef);
      const body = p.close();
      const main = ctx.register(PDFRawStream.of(ctx.obj({ Length: body.length, Filter: 'FlateDecode' }), body));
      if (p.late.length === 0) {
        page.node.set(PDFName.of('Contents'), main);
      } else {
        const late = deflateSync(Buffer.from(`q 0 G 0 g 0.5 w\n${p.late.join('\n')}\nQ`, 'latin1'));
        this.digest.update(late);
        const lateRef = ctx.register(PDFRawStream.of(ctx.obj({ Length: late.length, Filter: 'FlateDecode' }), late));
        page.node.set(PDFName.of('Contents'), ctx.obj([main, lateRef]));
      }
    }
    doc.setTitle(meta.title);
    doc.setSubject(meta.subject);
    doc.setProducer('gstkit');
    doc.setCreator('gstkit');
    doc.setCreationDate(meta.date);
    doc.setModificationDate(meta.date);
    this.digest.update(`${meta.title}\n${meta.subject}\n${meta.date.toISOString()}`);
    const id = this.digest.digest('hex').slice(0, 32).toUpperCase();
    ctx.trailerInfo.ID = ctx.obj([PDFHexString.of(id), PDFHexString.of(id)]);
    return doc.save({ useObjectStreams: false });
  }
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
    hex += hex4(use.cid(g, run.unicode[k]));
    pdfPen = pdfPen + adjust + use.width(g);
    pen += advances[k] as number;
  });
  flush();
  out += '] TJ';
  if (rise !== 0) out += ' 0 Ts';
  return out;
}

/** Writes a used font into the document as a Type 0 font (Identity-H) over its subset. */
function embedFont(context: PDFContext, use: FontUse, tag: string): PDFRef {
  const { font } = use;
  const glyphs = [...use.gids];
  const file = subsetFont(font.subset, glyphs);
  const packed = deflateSync(file);
  const name = `${tag}+${font.postscript}`;
  const m = font.metrics;
  const scale = 1000 / m.unitsPerEm;
  const widths = glyphs.map((g) => use.width(g));
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
  const toUnicodeBytes = deflateSync(Buffer.from(cmap, 'latin1'));
  const fontFile = context.register(PDFRawStream.of(context.obj({ Length: packed.length, Length1: file.length, Filter: 'FlateDecode' }), packed));
  const toUnicode = context.register(PDFRawStream.of(context.obj({ Length: toUnicodeBytes.length, Filter: 'FlateDecode' }), toUnicodeBytes));
  const descriptor = context.register(
    context.obj({
      Type: 'FontDescriptor',
      FontName: name,
      Flags: 32,
      FontBBox: m.bbox.map((v) => Math.round(v * scale)),
      ItalicAngle: 0,
      Ascent: Math.round(m.ascent * scale),
      Descent: Math.round(m.descent * scale),
      CapHeight: Math.round(m.capHeight * scale),
      StemV: 80,
      FontFile2: fontFile,
    }),
  );
  const cid = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 0,
      W: [0, widths],
      CIDToGIDMap: 'Identity',
    }),
  );
  return context.register(
    context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: name, Encoding: 'Identity-H', DescendantFonts: [cid], ToUnicode: toUnicode }),
  );
}

function imageStream(ctx: PDFDocument['context'], m: QrMatrix): PDFRawStream {
  const margin = 4;
  const side = m.size + 2 * margin;
  const stride = (side + 7) >> 3;
  const bits = new Uint8Array(stride * side);
  for (let y = 0; y < m.size; y++) {
    for (let x = 0; x < m.size; x++) {
      if (m.modules[y * m.size + x] === 1) {
        const px = x + margin;
        const i = (y + margin) * stride + (px >> 3);
        bits[i] = (bits[i] as number) | (0x80 >> (px & 7));
      }
    }
  }
  const body = deflateSync(bits);
  return PDFRawStream.of(
    ctx.obj({
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 1,
      Decode: [1, 0],
      Interpolate: false,
      Filter: 'FlateDecode',
      Length: body.length,
    }),
    body,
  );
}
