import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFHexString, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import type { QrMatrix } from '../qr/matrix.js';
import { embedFace, encodeText, loadFaces, textWidth, type PdfFace, type PdfFaces } from './font.js';

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

/** One page's content stream, written as operator text. */
export class PageOps {
  readonly ops: string[] = [];
  readonly images = new Set<string>();
}

/**
 * A small drawing surface over pdf-lib: pages as raw content streams, text in the embedded faces,
 * lines, boxes and 1-bit images. Coordinates are from the top-left corner, in points.
 */
export class Canvas {
  readonly pages: PageOps[] = [];
  private images = new Map<string, QrMatrix>();

  constructor(readonly faces: PdfFaces) {}

  static async create(): Promise<Canvas> {
    return new Canvas(await loadFaces());
  }

  face(bold?: boolean): PdfFace {
    return bold ? this.faces.bold : this.faces.regular;
  }

  addPage(): PageOps {
    const p = new PageOps();
    this.pages.push(p);
    return p;
  }

  get page(): PageOps {
    return this.pages[this.pages.length - 1] as PageOps;
  }

  width(text: string, style: TextStyle): number {
    return textWidth(this.face(style.bold), text, style.size);
  }

  /** Draws one line of text with its top at `top`; `x` is the left, right or centre edge per `align`. */
  text(text: string, x: number, top: number, style: TextStyle, page: PageOps = this.page): void {
    if (text === '') return;
    const face = this.face(style.bold);
    const w = textWidth(face, text, style.size);
    const left = style.align === 'right' ? x - w : style.align === 'center' ? x - w / 2 : x;
    const baseline = A4[1] - top - (face.ascent * style.size) / 1000;
    const c = style.color;
    page.ops.push(
      `BT ${c ? `${num(c[0])} ${num(c[1])} ${num(c[2])} rg ` : ''}/${style.bold ? 'FB' : 'FR'} ${num(style.size)} Tf ${num(left)} ${num(baseline)} Td ${encodeText(face, text)} Tj ET${c ? ' 0 g' : ''}`,
    );
  }

  /** Line height for a size. */
  lineHeight(size: number): number {
    return size * 1.25;
  }

  /**
   * Breaks `text` into lines no wider than `width`: at spaces where possible, inside a word when the
   * word alone is too wide. Existing line breaks are kept.
   */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const out: string[] = [];
    const face = this.face(style.bold);
    const size = style.size;
    for (const para of text.split(/\r?\n/)) {
      let line = '';
      for (const word of para.split(/\s+/).filter((w) => w !== '')) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (textWidth(face, candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line !== '') out.push(line);
        line = '';
        let rest = word;
        while (textWidth(face, rest, size) > width) {
          let cut = 1;
          const chars = [...rest];
          while (cut < chars.length && textWidth(face, chars.slice(0, cut + 1).join(''), size) <= width) cut++;
          out.push(chars.slice(0, cut).join(''));
          rest = chars.slice(cut).join('');
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
    page.ops.push(op);
  }

  line(x1: number, top1: number, x2: number, top2: number, page: PageOps = this.page): void {
    page.ops.push(`${num(x1)} ${num(A4[1] - top1)} m ${num(x2)} ${num(A4[1] - top2)} l S`);
  }

  /** Places a QR symbol (quiet zone included) as a 1-bit image of `side` points. */
  qr(matrix: QrMatrix, x: number, top: number, side: number, page: PageOps = this.page): void {
    const key = `Q${this.images.size}`;
    this.images.set(key, matrix);
    page.images.add(key);
    page.ops.push(`q ${num(side)} 0 0 ${num(side)} ${num(x)} ${num(A4[1] - top - side)} cm /${key} Do Q`);
  }

  /** A large outlined red stamp across the page. */
  stamp(text: string, page: PageOps): void {
    const size = 96;
    const face = this.faces.bold;
    const w = textWidth(face, text, size);
    const angle = Math.atan2(A4[1], A4[0]) * 0.6;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const cx = A4[0] / 2 - (w / 2) * cos;
    const cy = A4[1] / 2 - (w / 2) * sin - (size * 0.35) * cos;
    page.ops.push(
      `q 0.85 0.1 0.1 RG 2 w BT 1 Tr /FB ${size} Tf ${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(cx)} ${num(cy)} Tm ${encodeText(face, text)} Tj ET Q`,
    );
  }

  /** Writes the document: fixed dates, producer and id, so equal input gives equal bytes. */
  async save(meta: { title: string; subject: string; date: Date; idSeed: string }): Promise<Uint8Array> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const ctx = doc.context;
    const fontR = embedFace(ctx, this.faces.regular);
    const fontB = embedFace(ctx, this.faces.bold);
    const imageRefs = new Map<string, PDFRef>();
    for (const [key, m] of this.images) imageRefs.set(key, ctx.register(imageStream(ctx, m)));
    for (const p of this.pages) {
      const page = doc.addPage(A4);
      page.node.setFontDictionary(PDFName.of('FR'), fontR);
      page.node.setFontDictionary(PDFName.of('FB'), fontB);
      for (const key of p.images) page.node.setXObject(PDFName.of(key), imageRefs.get(key) as PDFRef);
      const body = deflateSync(Buffer.from(`0 G 0 g 0.5 w\n${p.ops.join('\n')}`, 'latin1'));
      const stream = PDFRawStream.of(ctx.obj({ Length: body.length, Filter: 'FlateDecode' }), body);
      page.node.set(PDFName.of('Contents'), ctx.register(stream));
    }
    doc.setTitle(meta.title);
    doc.setSubject(meta.subject);
    doc.setProducer('gstkit');
    doc.setCreator('gstkit');
    doc.setCreationDate(meta.date);
    doc.setModificationDate(meta.date);
    const id = createHash('sha256').update(meta.idSeed).digest('hex').slice(0, 32).toUpperCase();
    ctx.trailerInfo.ID = ctx.obj([PDFHexString.of(id), PDFHexString.of(id)]);
    return doc.save({ useObjectStreams: false });
  }
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
